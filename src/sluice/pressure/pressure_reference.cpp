#include "sluice/pressure/pressure_reference.hpp"

#include <limits>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/fv_mesh.hpp"

namespace sluice::pressure {

PressureReference PressureReference::read(const io::Dictionary& dict, const field::VolScalarField& p,
                                          const std::string& context) {
  PressureReference ref;
  const field::FvMesh& mesh = p.mesh();
  const auto& comm = mesh.comm();
  ref.needed_ = !comm.anyTrue(p.fixesValue());
  if (!ref.needed_) return ref;

  if (dict.found("pRefCell")) {
    const Label fileCell = dict.get<Label>("pRefCell");
    if (fileCell < 0 || fileCell >= mesh.nGlobalCells())
      dict.fail(fmt::format("pRefCell {} is not a cell of the mesh (0..{})", fileCell, mesh.nGlobalCells() - 1));
    const auto fileIds = mesh.fileCellIds();
    for (Label c = 0; c < mesh.nCells(); ++c)
      if (fileIds[c] == fileCell) ref.localCell_ = c;
  } else if (dict.found("pRefPoint")) {
    const Vec3 point = dict.get<Vec3>("pRefPoint");
    // Nearest owned cell centre here, then the nearest over all ranks (ties:
    // the lowest rank), in two small reductions at start-up.
    Scalar best = std::numeric_limits<Scalar>::max();
    Label bestCell = -1;
    const auto centres = mesh.cellCentres();
    for (Label c = 0; c < mesh.nCells(); ++c) {
      const Scalar d = magSqr(centres[c] - point);
      if (d < best) {
        best = d;
        bestCell = c;
      }
    }
    const Scalar globalBest = comm.min(best);
    const int owner = comm.min(best == globalBest ? comm.rank() : comm.size());
    if (comm.rank() == owner) ref.localCell_ = bestCell;
  } else {
    throw InputError(fmt::format(
        "{}: the pressure needs a reference (no boundary fixes its value): give pRefCell or pRefPoint", context));
  }
  if (!dict.found("pRefValue"))
    throw InputError(fmt::format("{}: the pressure needs a reference (no boundary fixes its value): missing 'pRefValue'",
                                 context));
  ref.value_ = dict.get<Scalar>("pRefValue");
  return ref;
}

}  // namespace sluice::pressure
