#pragma once
// Restart snapshots: everything a run needs to continue exactly, in a layout
// that does not depend on the decomposition.
//
//   CASE/restart/<time>/rank<r>.bin   each rank's values (output/snapshot_file.hpp):
//                                     cells by their index in the case files' cell order,
//                                     faces by their face in the undecomposed mesh
//   CASE/restart/<time>/manifest      written last, by rank 0, once every rank's file is
//                                     on disk: time state, application, rank count, the
//                                     folder the field files (boundary conditions) came from
//
// A snapshot without a manifest (a run killed while writing it) is
// incomplete: listing skips it with a warning. Every registered field is
// saved with its boundary values and stored old-time levels, and the time
// state (time, step, deltaT, deltaT0, the write schedule); a solver adds the
// state it keeps between steps (SolverState).
//
//   // writing (main thread: copies; the writer thread writes the file)
//   output::SnapshotPart part = collectSnapshotPart(fields, mesh, solverState);
//   writer.submit(batch, [=] { output::writeSnapshotPart(snapshotFolder(caseDir, name) / rankFileName(rank), part); });
//   ... once every rank's file is written (agreed on the main thread):
//   if (rank == 0) writeSnapshotManifest(folder, manifest);
//
//   // reading (collective: every rank reads every rank file and keeps its own cells and faces)
//   std::optional<SnapshotManifest> latest = agreedSnapshot(comm, caseDir, std::nullopt, true);
//   SolverState state = restoreSnapshot(*latest, fields, mesh);
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/field/field_registry.hpp"
#include "sluice/field/fv_mesh.hpp"
#include "sluice/output/snapshot_file.hpp"
#include "sluice/parallel/communicator.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/solvers/time_control.hpp"

namespace sluice::solvers {

/// What a solver keeps from one step to the next outside the field
/// registry: face fluxes (one oriented value per local face) and global
/// values (the same on every rank, e.g. meanVelocityForce's pressure
/// gradient), by name (letters, digits, '.', '_').
struct SolverState {
  std::map<std::string, std::vector<Scalar>> faceFluxes;
  std::map<std::string, Scalar> values;
};

struct SnapshotManifest {
  std::filesystem::path folder;  ///< CASE/restart/<timeName>
  std::string timeName;
  TimeState time;
  std::string application;
  int nRanks = 0;
  GlobalLabel nGlobalCells = 0;
  std::string numbering;    ///< fingerprint of the cell numbering (renumbering on or off)
  std::string fieldFolder;  ///< the time folder the fields' boundary conditions were read from ("0")
  std::map<std::string, Scalar> solverValues;  ///< SolverState::values
};

/// CASE/restart
std::filesystem::path restartFolder(const std::filesystem::path& caseDir);
/// "rank<r>.bin"
std::string rankFileName(int rank);

/// Writes `manifest.folder`/manifest crash-safely (sluice::Error naming it on failure).
void writeSnapshotManifest(const SnapshotManifest& manifest);
/// Reads a snapshot folder's manifest; InputError naming the file.
SnapshotManifest readSnapshotManifest(const std::filesystem::path& folder);

/// The complete snapshots of the case, by time; `warn` gets one line per
/// incomplete one (no manifest, a rank file missing). Not collective.
std::vector<SnapshotManifest> completeSnapshots(const std::filesystem::path& caseDir,
                                                const std::function<void(const std::string&)>& warn);
/// The complete snapshot at time `at` (the latest one when nullopt) as rank 0
/// lists them, the same on every rank (rank 0 warns about incomplete ones
/// when `warnIncomplete`). Collective.
std::optional<SnapshotManifest> agreedSnapshot(parallel::Communicator& comm, const std::filesystem::path& caseDir,
                                               std::optional<Scalar> at, bool warnIncomplete);

/// A fingerprint of the mesh's global cell numbering (the same at every
/// rank count; differs when renumbering is switched on or off). Collective.
std::string cellNumberingFingerprint(const field::FvMesh& mesh);

/// Copies of this rank's values of every registered field (current, boundary
/// values, old-time levels) and of the solver's face fluxes, ready for the
/// writer thread. The cell and face ids are views of `mesh`'s arrays: the
/// mesh must outlive the part's writing, unchanged (a run's mesh does).
output::SnapshotPart collectSnapshotPart(const field::FieldRegistry& fields, const field::FvMesh& mesh,
                                         const SolverState& solverState);

/// Collective: sets every registered field (through modify) from the
/// snapshot's rank files (any rank count) and returns the solver state it
/// holds. InputError naming the file when a file is damaged or does not
/// hold a field or a cell or face of this mesh.
SolverState restoreSnapshot(const SnapshotManifest& manifest, field::FieldRegistry& fields,
                            const field::FvMesh& mesh);

/// Where a run starts, agreed on every rank (collective): the latest time is
/// the later of the latest time folder and the latest complete restart
/// snapshot; a run whose start time has a complete snapshot continues from it
/// (rank 0 warns about incomplete snapshots). Fills latestTimeFolder and
/// restart of a RunContext. InputError (on every rank) for a bad controlDict.
struct StartPoint {
  std::optional<Scalar> latestTime;
  std::optional<SnapshotManifest> restart;
};
StartPoint agreedStartPoint(parallel::Communicator& comm, const std::filesystem::path& caseDir,
                            const io::Dictionary& controlDict);

}  // namespace sluice::solvers
