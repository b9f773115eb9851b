#include "sluice/output/vtk_mesh_arrays.hpp"

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

/// What the cell arrays of one write read: the mesh, its cells' faces (made
/// once per write, shared by the arrays, freed with the piece) and the types.
struct CellWalk {
  const mesh::PolyMesh& mesh;
  mesh::FaceList cellFaces;
  std::shared_ptr<const VtkArray> types;

  std::uint8_t type(Label c) const { return types->bytes[static_cast<std::size_t>(c)]; }
};

std::int64_t polyhedronFaceEntries(const CellWalk& walk, Label c) {
  std::int64_t n = 1;
  for (Label f : walk.cellFaces[c]) n += 1 + static_cast<std::int64_t>(walk.mesh.faces()[f].size());
  return n;
}

}  // namespace

VtkMeshArrays::VtkMeshArrays(const mesh::PolyMesh& mesh) : mesh_(mesh) {
  const mesh::FaceList cellFaces = mesh.cellFaces();
  std::vector<std::uint8_t> types;
  types.reserve(static_cast<std::size_t>(mesh.nCells()));
  VtkCellEntries cell;
  for (Label c = 0; c < mesh.nCells(); ++c) {
    vtkCellEntries(mesh, cellFaces[c], c, cell);
    types.push_back(cell.type);
    nConnectivity_ += cell.points.size();
    nFaceEntries_ += cell.faces.size();
  }
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
  const auto walk = std::make_shared<const CellWalk>(CellWalk{mesh_, mesh_.cellFaces(), types_});
  const bool narrow = narrow_;
  const VtkType indexType = narrow ? VtkType::Int32 : VtkType::Int64;
  const auto nCells = static_cast<std::uint64_t>(mesh_.nCells());
  const auto array = [&](const char* name, std::uint64_t nValues, VtkByteSource source) {
    return std::make_shared<const VtkArray>(streamedVtkArray(name, indexType, 1, nValues, std::move(source)));
  };

  std::vector<std::shared_ptr<const VtkArray>> out;
  out.push_back(array("connectivity", nConnectivity_, [walk, narrow](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    VtkCellEntries cell;
    for (Label c = 0; c < walk->mesh.nCells(); ++c) {
      vtkCellEntries(walk->mesh, walk->cellFaces[c], c, cell, walk->type(c));
      for (Label v : cell.points) chunks.push(v);
    }
    chunks.flush();
  }));
  out.push_back(array("offsets", nCells, [walk, narrow](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    VtkCellEntries cell;
    std::int64_t end = 0;
    for (Label c = 0; c < walk->mesh.nCells(); ++c) {
      const std::uint8_t type = walk->type(c);
      if (type == vtkPolyhedron) {
        vtkCellEntries(walk->mesh, walk->cellFaces[c], c, cell, type);
        end += static_cast<std::int64_t>(cell.points.size());
      } else {
        end += vtkLinearCellPoints(type);
      }
      chunks.push(end);
    }
    chunks.flush();
  }));
  out.push_back(types_);
  if (nFaceEntries_ == 0) return out;
  out.push_back(array("faces", nFaceEntries_, [walk, narrow](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    VtkCellEntries cell;
    for (Label c = 0; c < walk->mesh.nCells(); ++c) {
      if (walk->type(c) != vtkPolyhedron) continue;
      vtkCellEntries(walk->mesh, walk->cellFaces[c], c, cell, vtkPolyhedron);
      for (std::int64_t v : cell.faces) chunks.push(v);
    }
    chunks.flush();
  }));
  out.push_back(array("faceoffsets", nCells, [walk, narrow](const VtkByteSink& sink) {
    IndexChunks chunks(sink, narrow);
    std::int64_t end = 0;
    for (Label c = 0; c < walk->mesh.nCells(); ++c) {
      if (walk->type(c) != vtkPolyhedron) {
        chunks.push(-1);
        continue;
      }
      end += polyhedronFaceEntries(*walk, c);
      chunks.push(end);
    }
    chunks.flush();
  }));
  return out;
}

}  // namespace sluice::output
