#pragma once
// Parallel VTK XML output of cell fields, one folder per write time:
//
//   CASE/VTK/<case>.pvd                         time series (rank 0; rewritten after every write)
//   CASE/VTK/<case>_<index>/internal.pvtu       internal mesh index (rank 0)
//   CASE/VTK/<case>_<index>/internal_<rank>.vtu each rank's owned cells
//   CASE/VTK/<case>_<index>/boundary.pvtu       boundary index (rank 0)
//   CASE/VTK/<case>_<index>/boundary_<rank>.vtu each rank's faces of the boundary patches
//
// <index> counts the writes from 0. Pieces are UnstructuredGrids with all
// arrays appended as raw little-endian binary with UInt64 headers (see
// vtk_xml.hpp). Internal pieces: topological hexahedra, wedges, pyramids and
// tetrahedra as VTK's linear cells, other cells as VTK_POLYHEDRON (see
// vtk_cells.hpp); cell data: the fields, `cellId` (global cell
// id, Int64) and `rank` (Int32). Boundary pieces: the faces of every patch
// except empty and processor patches, as triangles/quads/polygons, with cell
// data: the boundary fields, `patchId` (patch index in the mesh, Int32) and
// `rank`. The .pvd lists both parts per time (part 0 internal, part 1
// boundary), so ParaView shows them as two blocks of one time series.
//
//   VtkWriter writer(caseDir, "cavity", distributed.mesh, distributed.globalCellIds, comm);
//   writer.beginTime(0.5);
//   writer.addCellField("p", std::span<const double>(p));          // owned cells (extra entries ignored)
//   writer.addCellField("U", std::span<const Vec3>(U));
//   writer.addBoundaryField("p", std::span<const double>(pFaces)); // per boundary face: index face - nInternalFaces
//   writer.endTime();                                              // collective: writes the files
//
// Every rank must make the same calls with the same names in the same order.
// endTime() is collective: a failure to create a folder or write a file on
// any rank is agreed on all ranks and thrown everywhere as a
// parallel::CollectiveError whose message names the folder or file (e.g.
// "/run/case/VTK/cavity_2: cannot create directory: Not a directory"); the
// failed time is not added to the series. The mesh and the global cell ids must outlive the writer.
// The data of one write time is copied when added, so the caller's arrays
// may change as soon as add*Field returns.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/output/vtk_xml.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {

class VtkWriter {
 public:
  /// `mesh`: this rank's owned cells (processor patches allowed);
  /// `globalCellIds`: per local cell, at least mesh.nCells() entries. Not collective.
  VtkWriter(std::filesystem::path caseDir, std::string caseName, const mesh::PolyMesh& mesh,
            std::span<const GlobalLabel> globalCellIds, const parallel::Communicator& comm);

  /// Collective, before the first write of a run starting at `startTime`:
  /// the series keeps the earlier run's writes at times < startTime (read
  /// from an existing .pvd) and continues their numbering; every other
  /// `<case>_<index>` folder in VTK/ is removed and the .pvd rewritten (or
  /// removed), so a re-run never leaves folders the .pvd does not list, nor
  /// lists times of a run that is being replaced. With `keepStartTime` (a
  /// restart, which does not write its start time again) the write at
  /// startTime is kept too. A folder that cannot be removed is a
  /// parallel::CollectiveError naming it.
  void startSeries(Scalar startTime, bool keepStartTime = false);

  /// Starts the data of write time `time` (throws sluice::Error if one is open).
  void beginTime(Scalar time);
  /// A cell field: the first mesh.nCells() values are written.
  void addCellField(const std::string& name, std::span<const double> values);
  void addCellField(const std::string& name, std::span<const Vec3> values);
  /// A boundary field: one value per boundary face of the mesh (face f at
  /// f - nInternalFaces); values on empty and processor faces are not written.
  void addBoundaryField(const std::string& name, std::span<const double> boundaryFaceValues);
  void addBoundaryField(const std::string& name, std::span<const Vec3> boundaryFaceValues);
  /// Collective: writes this time's files and the updated .pvd.
  void endTime();

  /// CASE/VTK/<case>.pvd
  std::filesystem::path seriesFile() const;
  /// CASE/VTK/<case>_<index>
  std::filesystem::path timeDirectory(int index) const;
  /// Completed writes so far.
  int nWrites() const { return static_cast<int>(times_.size()); }

 private:
  void requireOpen(const char* what) const;
  /// Throws if `name` is in `existing` or `reserved`.
  void checkName(const std::string& name, const std::vector<std::shared_ptr<const VtkArray>>& existing,
                 std::span<const std::string_view> reserved = {}) const;
  std::vector<std::string> pieceNames(const char* prefix) const;
  void writeSeries() const;

  std::filesystem::path caseDir_;
  std::string caseName_;
  const mesh::PolyMesh& mesh_;
  const parallel::Communicator& comm_;
  Label nBoundaryFaces_ = 0;
  std::vector<Label> boundaryFaces_;  ///< faces written to the boundary piece (mesh face indices)

  /// Builds the internal piece's mesh arrays, cellId and rank for one write
  /// (before the fields); releaseInternalMesh drops them again, so a run
  /// does not hold a second copy of its mesh between writes.
  void attachInternalMesh();
  void releaseInternalMesh();

  std::span<const GlobalLabel> globalCellIds_;  ///< owned cells' global ids (the caller's array)
  VtuPiece internal_;  ///< mesh arrays and constant cell data during a write; fields appended per time
  VtuPiece boundary_;
  std::size_t boundaryFixedData_ = 0;

  bool open_ = false;
  Scalar time_ = 0;
  std::vector<Scalar> times_;  ///< completed writes, by index
};

}  // namespace sluice::output
