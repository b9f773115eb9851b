#pragma once
// VTK XML files: one UnstructuredGrid piece (.vtu) with all arrays in an
// AppendedData block (encoding="raw", header_type="UInt64",
// byte_order="LittleEndian": each array is an 8-byte byte count followed by
// its raw values), the named blocks of one time with their pieces (.vtm, a
// vtkMultiBlockDataSet whose blocks are vtkMultiPieceDataSets), and the time
// series (.pvd, one .vtm per time). Serial helpers, no MPI: VtkWriter decides
// who writes what.
//
//   VtuPiece piece;
//   piece.nPoints = points.size(); piece.nCells = cells.types.size();
//   piece.points = vtkArray("Points", std::span<const Vec3>(points));
//   piece.cells = {vtkArray("connectivity", ...), vtkArray("offsets", ...), vtkArray("types", ...)};
//   piece.cellData.push_back(vtkArray("p", std::span<const double>(p)));
//   writeVtu(dir / "internal_0.vtu", piece);                  // InputError "<file>: cannot write file"
//   writeVtm(caseDir / "VTK/case_0.1.vtm", "time 0.1",
//            {{"internal", {"case_0.1/internal_0.vtu", "case_0.1/internal_1.vtu"}},
//             {"inlet", {"case_0.1/boundary/inlet_1.vtu"}}});
//   writePvd(caseDir / "VTK/case.pvd", {{0.1, "case_0.1.vtm"}});
//
// An array need not be held in memory: streamedVtkArray declares its type
// and value count (the appended block's header needs the byte count first)
// and a function that hands writeVtu its bytes a bounded chunk at a time
// when the file is written (the mesh arrays, made from the mesh as they are
// written):
//   piece.points = streamedVtkArray("Points", VtkType::Float64, 3, points.size(),
//                                   [&](const VtkByteSink& out) { out(asBytes(points)); });
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::output {

enum class VtkType { UInt8, Int32, Int64, Float64 };

/// "UInt8", "Int32", "Int64", "Float64".
const char* vtkTypeName(VtkType type);
std::size_t vtkTypeSize(VtkType type);

/// Takes the next bytes of an array being written.
using VtkByteSink = std::function<void(std::span<const unsigned char>)>;
/// Hands all of an array's bytes, in order, to the sink (in chunks of any size).
using VtkByteSource = std::function<void(const VtkByteSink&)>;

/// One data array: its values as little-endian raw bytes, held in `bytes`
/// or, when `source` is set, made by `source` while the file is written.
struct VtkArray {
  std::string name;
  VtkType type = VtkType::Float64;
  int components = 1;
  std::vector<unsigned char> bytes;
  VtkByteSource source;             ///< set: the bytes come from here (`bytes` is empty)
  std::uint64_t sourceBytes = 0;    ///< the byte count `source` hands over

  /// Bytes of the values (as written in the appended block's header).
  std::uint64_t byteCount() const { return source ? sourceBytes : bytes.size(); }
};

VtkArray vtkArray(std::string name, std::span<const double> values, int components = 1);
VtkArray vtkArray(std::string name, std::span<const Vec3> values);
VtkArray vtkArray(std::string name, std::span<const std::int64_t> values);
VtkArray vtkArray(std::string name, std::span<const std::int32_t> values);
VtkArray vtkArray(std::string name, std::span<const std::uint8_t> values);
/// Index values written as Int32 (half the bytes of Int64); every value must
/// lie in [-2^31, 2^31) (checked: sluice::Error otherwise).
VtkArray vtkInt32Array(std::string name, std::span<const std::int64_t> values);
/// An array of `nValues` values of `components` components each, not held:
/// `source` makes its bytes when the file is written (writeVtu checks their
/// count: sluice::Error otherwise). Whatever `source` reads must stay
/// unchanged until then.
VtkArray streamedVtkArray(std::string name, VtkType type, int components, std::uint64_t nValues,
                          VtkByteSource source);
/// The bytes of `values` (for a VtkByteSink).
template <class T>
std::span<const unsigned char> asBytes(std::span<const T> values) {
  return {reinterpret_cast<const unsigned char*>(values.data()), values.size_bytes()};
}

/// One UnstructuredGrid piece. Arrays are shared (the mesh's arrays are made
/// once and reused by every write time).
struct VtuPiece {
  std::int64_t nPoints = 0;
  std::int64_t nCells = 0;
  std::shared_ptr<const VtkArray> points;                   ///< Float64, 3 components
  std::vector<std::shared_ptr<const VtkArray>> cells;       ///< connectivity, offsets, types[, faces, faceoffsets]
  std::vector<std::shared_ptr<const VtkArray>> cellData;
  std::string comment;  ///< written as an XML comment after the declaration (e.g. the time)
};

/// Writes `piece` to `file`. Throws InputError "<file>: cannot write file".
void writeVtu(const std::filesystem::path& file, const VtuPiece& piece);

/// One named block of a .vtm: its pieces (paths relative to the .vtm's folder).
struct VtmBlock {
  std::string name;
  std::vector<std::string> pieceFiles;
};

/// Writes the .vtm of one time: a multiblock data set with one multipiece
/// block per entry of `blocks`, in order (ParaView shows them by name and
/// selects them as /Root/<name>). `comment` (if any) follows the declaration.
/// Throws InputError "<file>: cannot write file".
void writeVtm(const std::filesystem::path& file, const std::string& comment, const std::vector<VtmBlock>& blocks);

/// One time of a series: the data set written at `time` (a .vtm).
struct PvdEntry {
  Scalar time = 0;
  std::string file;  ///< relative to the .pvd's folder
};

/// Writes the .pvd collection: one DataSet per entry. Written to a temporary
/// file then renamed, so a reader never sees a half-written series.
void writePvd(const std::filesystem::path& file, const std::vector<PvdEntry>& entries);

/// `text` with & < > " ' replaced by XML entities.
std::string xmlEscape(const std::string& text);

}  // namespace sluice::output
