#include "sluice/output/vtk_mesh_arrays.hpp"

#include <algorithm>
#include <limits>
#include <span>

#include "sluice/core/vec3.hpp"
#include "sluice/output/vtk_cells.hpp"

namespace sluice::output {

namespace {

/// Values per chunk handed to the file (64 KiB of Int64).
constexpr std::size_t kChunkValues = 8192;

/// Index values handed to a sink as Int32 (`narrow`) or Int64, a chunk at a time.
class IndexChunks {
 public:
  IndexChunks(const VtkByteSink& sink, bool narrow) : sink_(sink), narrow_(narrow) {
    if (narrow_) narrowValues_.reserve(kChunkValues);
    else wideValues_.reserve(kChunkValues);
  }
  void push(std::int64_t v) {
    if (narrow_) narrowValues_.push_back(static_cast<std::int32_t>(v));
    else wideValues_.push_back(v);
    if (narrowValues_.size() + wideValues_.size() == kChunkValues) flush();
  }
  /// Hands over what is left; call once at the end.
  void flush() {
    if (narrow_) sink_(asBytes(std::span<const std::int32_t>(narrowValues_)));
    else sink_(asBytes(std::span<const std::int64_t>(wideValues_)));
    narrowValues_.clear();
    wideValues_.clear();
  }

 private:
  const VtkByteSink& sink_;
  bool narrow_;
  std::vector<std::int32_t> narrowValues_;
  std::vector<std::int64_t> wideValues_;
};

/// Cells per range of a walk: at least this many, and at most kMaxRanges
/// ranges, so a walk makes at most kMaxRanges passes over the faces and
/// holds at most 1/kMaxRanges of the cells' face lists (the whole list is
/// 24 bytes per hexahedron, as much as a vector field).
constexpr Label kMinRangeCells = 4096;
constexpr Label kMaxRanges = 16;

/// Calls visit(c, faces of c) for every cell in order, the cells' face lists
/// made a range of cells at a time (PolyMesh::cellFaces(first, end)).
template <class Visit>
void forEachCellWithFaces(const mesh::PolyMesh& mesh, Visit&& visit) {
  const Label n = mesh.nCells();
  const Label range = std::max(kMinRangeCells, (n + kMaxRanges - 1) / kMaxRanges);
  for (Label first = 0; first < n; first += range) {
    const Label end = std::min(n, first + range);
    const mesh::FaceList faces = mesh.cellFaces(first, end);
    for (Label c = first; c < end; ++c) visit(c, faces[c - first]);
  }
}

/// What the cell arrays of one write read: the mesh and the cell types.
struct CellWalk {
  const mesh::PolyMesh& mesh;
  std::shared_ptr<const VtkArray> types;

  std::uint8_t type(Label c) const { return types->bytes[static_cast<std::size_t>(c)]; }
};

std::int64_t polyhedronFaceEntries(const mesh::PolyMesh& mesh, std::span<const Label> cellFaces) {
  std::int64_t n = 1;
  for (Label f : cellFaces) n += 1 + static_cast<std::int64_t>(mesh.faces()[f].size());
  return n;
}

}  // namespace

VtkMeshArrays::VtkMeshArrays(const mesh::PolyMesh& mesh) : mesh_(mesh) {
  std::vector<std::uint8_t> types;
  types.reserve(static_cast<std::size_t>(mesh.nCells()));
  VtkCellEntries cell;
  forEachCellWithFaces(mesh, [&](Label c, std::span<const Label> cellFaces) {
    vtkCellEntries(mesh, cellFaces, c, cell);
    types.push_back(cell.type);
    nConnectivity_ += cell.points.size();
    nFaceEntries_ += cell.faces.size();
  });
  types_ = std::make_shared<const VtkArray>(vtkArray("types", std::span<const std::uint8_t>(types)));
  // Offsets and point ids are below these counts and nPoints (Label is 32-bit).
  constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<std::int32_t>::max());
  narrow_ = nConnectivity_ < limit && nFaceEntries_ < limit;
}

std::shared_ptr<const VtkArray> VtkMeshArrays::points() const {
  static_assert(sizeof(Vec3) == 3 * sizeof(double));
  const mesh::PolyMesh& mesh = mesh_;
  return std::make_shared<const VtkArray>(
      streamedVtkArray("Points", VtkType::Float64, 3, mesh.points().size(), [&mesh](const VtkByteSink& out) {
        out(asBytes(std::span<const Vec3>(mesh.points())));
      }));
}

std::vector<std::shared_ptr<const VtkArray>> VtkMeshArrays::cells() const {
  const auto walk = std::make_shared<const CellWalk>(CellWalk{mesh_, types_});
  const bool narrow = narrow_;
  const bool polyhedra = nFaceEntries_ > 0;
  const VtkType indexType = narrow ? VtkType::Int32 : VtkType::Int64;
  const auto nCells = static_cast<std::uint64_t>(mesh_.nCells());
  const auto array = [&](const char* name, std::uint64_t nValues, VtkByteSource source) {
    return std::make_shared<const VtkArray>(streamedVtkArray(name, indexType, 1, nValues, std::move(source)));
  };

  std::vector<std::shared_ptr<const VtkArray>> out;
  out.push_back(array("connectivity", nConnectivity_, [walk, narrow](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    VtkCellEntries cell;
    forEachCellWithFaces(walk->mesh, [&](Label c, std::span<const Label> cellFaces) {
      vtkCellEntries(walk->mesh, cellFaces, c, cell, walk->type(c));
      for (Label v : cell.points) chunks.push(v);
    });
    chunks.flush();
  }));
  out.push_back(array("offsets", nCells, [walk, narrow, polyhedra](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    std::int64_t end = 0;
    if (!polyhedra) {  // every cell's point count follows from its type
      for (Label c = 0; c < walk->mesh.nCells(); ++c) chunks.push(end += vtkLinearCellPoints(walk->type(c)));
    } else {
      VtkCellEntries cell;
      forEachCellWithFaces(walk->mesh, [&](Label c, std::span<const Label> cellFaces) {
        const std::uint8_t type = walk->type(c);
        if (type == vtkPolyhedron) {
          vtkCellEntries(walk->mesh, cellFaces, c, cell, type);
          end += static_cast<std::int64_t>(cell.points.size());
        } else {
          end += vtkLinearCellPoints(type);
        }
        chunks.push(end);
      });
    }
    chunks.flush();
  }));
  out.push_back(types_);
  if (!polyhedra) return out;
  out.push_back(array("faces", nFaceEntries_, [walk, narrow](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    VtkCellEntries cell;
    forEachCellWithFaces(walk->mesh, [&](Label c, std::span<const Label> cellFaces) {
      if (walk->type(c) != vtkPolyhedron) return;
      vtkCellEntries(walk->mesh, cellFaces, c, cell, vtkPolyhedron);
      for (std::int64_t v : cell.faces) chunks.push(v);
    });
    chunks.flush();
  }));
  out.push_back(array("faceoffsets", nCells, [walk, narrow](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    std::int64_t end = 0;
    forEachCellWithFaces(walk->mesh, [&](Label c, std::span<const Label> cellFaces) {
      if (walk->type(c) != vtkPolyhedron) {
        chunks.push(-1);
        return;
      }
      end += polyhedronFaceEntries(walk->mesh, cellFaces);
      chunks.push(end);
    });
    chunks.flush();
  }));
  return out;
}

}  // namespace sluice::output
