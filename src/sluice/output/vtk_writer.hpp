#pragma once
// Parallel VTK XML output of cell fields, one folder per write time:
//
//   CASE/VTK/<case>.pvd                                time series, one .vtm per time (rank 0; rewritten after every write)
//   CASE/VTK/<case>_<time>.vtm                         that time's named blocks and their pieces (the last rank)
//   CASE/VTK/<case>_<time>/internal_<rank>.vtu         each rank's owned cells
//   CASE/VTK/<case>_<time>/boundary/<patch>_<rank>.vtu each rank's faces of that patch, on the ranks that have some
//
// <time> is the time as the .pvd lists it (shortest form that reads back
// exactly: "0.5", "1", "1e-05"), so a folder says which time it holds.
// Pieces are UnstructuredGrids with all arrays appended as raw little-endian
// binary with UInt64 headers (see vtk_xml.hpp). Internal pieces: topological hexahedra, wedges, pyramids and
// tetrahedra as VTK's linear cells, other cells as VTK_POLYHEDRON (see
// vtk_cells.hpp). Patch pieces: the faces of one patch as
// triangles/quads/polygons, for every patch except empty and processor
// patches (the same list on every rank). Every block has the same cell data:
// `cellId` (Int64: the global cell id; for a face, the cell it bounds),
// `patchId` (Int32: the patch index in the mesh; -1 in the internal mesh),
// `rank` (Int32), then the fields (internal) or boundary fields (patches;
// the solver adds every field to both).
// Identical arrays in every block are what ParaView's probes need (5.11's
// Plot Over Line crashes after Cell Data to Point Data when the internal
// block has an array the patches lack). The .vtm holds block "internal" and
// then one block per patch, named by it, each a multipiece data set of its
// pieces, so ParaView shows one block per patch (selected as /Root/<patch>),
// as for OpenFOAM's own output.
//
// Files per write time: one internal piece per rank, one piece per rank and
// patch where that rank has faces of the patch (a patch without faces
// anywhere: an empty piece from rank 0, so that its block exists), and one
// .vtm; no per-block index files, and no empty pieces.
//
//   VtkWriter writer(caseDir, "cavity", distributed.mesh, distributed.globalCellIds, comm);
//   writer.beginTime(0.5);
//   writer.addCellField("p", std::span<const double>(p));          // owned cells (extra entries ignored)
//   writer.addCellField("U", std::span<const Vec3>(U));
//   writer.addBoundaryField("p", std::span<const double>(pFaces)); // per boundary face: index face - nInternalFaces
//   writer.endTime();                                              // collective: writes the files
//
// In a run the files are written by the writer thread (WriterPipeline)
// instead: takeWrite() returns this time's writing as a job that does file
// I/O only (the internal mesh arrays are made there too, streamed into the
// file a chunk at a time), and once every
// rank's job has finished (agreed on the main thread) commitNext() lists the
// oldest written time in the series, returning the .pvd rewrite as a job for
// rank 0's writer thread:
//   writer.beginTime(t); writer.add...(...);
//   pipeline.submit(batch, writer.takeWrite());
//   ... every rank finished batch ...
//   if (auto job = writer.commitNext()) pipeline.submit(batch, job);
//
// Every rank must make the same calls with the same names in the same order.
// endTime() is collective: a failure to create a folder or write a file on
// any rank is agreed on all ranks and thrown everywhere as a
// parallel::CollectiveError whose message names the folder or file; the
// failed time is not added to the series. The mesh and the global cell ids
// must outlive the writer (and its jobs). The data of one write time is
// copied when added, so the caller's arrays may change as soon as add*Field
// returns.
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/mesh/poly_mesh.hpp"
#include "sluice/output/vtk_mesh_arrays.hpp"
#include "sluice/output/vtk_xml.hpp"
#include "sluice/parallel/communicator.hpp"

namespace sluice::output {

class VtkWriter {
 public:
  /// `mesh`: this rank's owned cells (processor patches allowed);
  /// `globalCellIds`: per local cell, at least mesh.nCells() entries.
  /// Collective (one all-gather of which patches each rank has faces of, so
  /// that the .vtm lists only the pieces written).
  VtkWriter(std::filesystem::path caseDir, std::string caseName, const mesh::PolyMesh& mesh,
            std::span<const GlobalLabel> globalCellIds, const parallel::Communicator& comm);

  /// Collective, before the first write of a run starting at `startTime`:
  /// the series keeps the earlier run's writes at times < startTime (read
  /// from an existing .pvd, in order, up to the first later one); every
  /// other `<case>_<number>` folder in VTK/ is removed and the .pvd rewritten
  /// (or removed), so a re-run never leaves folders the .pvd does not list, nor
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
  /// A cell field of `components` (1 or 3) doubles per cell whose values are
  /// already a copy that nothing changes any more (the restart snapshot's of
  /// the same time, say): shared until written, not copied again. At least
  /// mesh.nCells() x components values; the same bytes as the span overloads.
  void addCellField(const std::string& name, std::shared_ptr<const std::vector<double>> values, int components);
  /// A cell field read in place when the piece is written, not copied: the
  /// values must stay unchanged until the write is finished (the caller
  /// waits for it, as the run does for the initial state). At least
  /// mesh.nCells() x components values; the same bytes as the overloads above.
  void addCellFieldInPlace(const std::string& name, std::span<const double> values, int components);
  /// A boundary field: one value per boundary face of the mesh (face f at
  /// f - nInternalFaces); values on empty and processor faces are not
  /// written, so the values may stop before an FvMesh's empty faces.
  void addBoundaryField(const std::string& name, std::span<const double> boundaryFaceValues);
  void addBoundaryField(const std::string& name, std::span<const Vec3> boundaryFaceValues);
  /// Collective: writes this time's files and the updated .pvd.
  void endTime();
  /// Ends this time's data like endTime, but returns the writing of its
  /// files as a job (no MPI; throws sluice::Error naming a file on failure)
  /// for the writer thread. The time joins the series at commitNext().
  std::function<void()> takeWrite();
  /// Lists the oldest taken write in the series (call once every rank's job
  /// of it has finished). Returns the job that rewrites the .pvd on rank 0
  /// (an empty function on the other ranks). Not collective.
  std::function<void()> commitNext();
  /// Writes taken and not yet committed.
  int nPending() const { return static_cast<int>(pending_.size()); }

  /// CASE/VTK/<case>.pvd
  std::filesystem::path seriesFile() const;
  /// CASE/VTK/<case>_<time>
  std::filesystem::path timeDirectory(Scalar time) const;
  /// CASE/VTK/<case>_<time>.vtm
  std::filesystem::path blocksFile(Scalar time) const;
  /// Completed writes so far.
  int nWrites() const { return static_cast<int>(times_.size()); }

 private:
  void requireOpen(const char* what) const;
  /// A cell field streamed from `values` when the piece is written; `owner`
  /// (null: the caller's) keeps them alive until then. `what` names the call in errors.
  void addStreamedCellField(const char* what, const std::string& name, std::span<const double> values, int components,
                            std::shared_ptr<const void> owner);
  /// Throws if `name` is in `existing` or `reserved`.
  void checkName(const std::string& name, const std::vector<std::shared_ptr<const VtkArray>>& existing,
                 std::span<const std::string_view> reserved = {}) const;
  /// The .vtm's blocks of the time whose folder is `folder` (the last rank only).
  std::vector<VtmBlock> blocks(const std::string& folder) const;
  void writeSeries(const std::vector<Scalar>& times) const;

  std::filesystem::path caseDir_;
  std::string caseName_;
  const mesh::PolyMesh& mesh_;
  const parallel::Communicator& comm_;
  VtkMeshArrays meshArrays_;  ///< the internal piece's points and cell arrays (types held, the rest streamed)
  Label nBoundaryFaces_ = 0;  ///< boundary values a field needs: up to the last written face (empty faces last, unwritten)

  /// One written patch: its faces on this rank and its piece.
  struct PatchPiece {
    std::string name;
    std::vector<Label> faces;  ///< mesh face indices
    VtuPiece piece;            ///< mesh arrays, patchId and rank; boundary fields appended per time
    bool written = false;      ///< this rank writes a piece (it has faces, or rank 0 when no rank has)
  };
  std::vector<PatchPiece> patches_;
  /// Per patch, the ranks that write a piece of it (on the last rank, which
  /// writes the .vtm; empty elsewhere). Fixed after construction.
  std::vector<std::vector<int>> patchPieceRanks_;
  std::vector<std::string> boundaryFieldNames_;  ///< this write's boundary fields
  template <class T>
  void addBoundaryValues(const std::string& name, std::span<const T> boundaryFaceValues);

  /// Adds `piece`'s mesh arrays and fixed cell data for one write (before
  /// its fields), streamed from the mesh and the global ids as the file is
  /// written: neither held between writes nor whole during one. Reads only
  /// the mesh and the ids (safe on the writer thread).
  void attachInternalMesh(VtuPiece& piece) const;
  /// The files of write `index` at `time` (no MPI).
  void writeFiles(int index, Scalar time, VtuPiece internal, std::vector<PatchPiece> patches) const;

  std::span<const GlobalLabel> globalCellIds_;  ///< owned cells' global ids (the caller's array)
  VtuPiece internal_;  ///< mesh arrays and constant cell data during a write; fields appended per time

  bool open_ = false;
  Scalar time_ = 0;
  std::vector<Scalar> times_;  ///< completed writes, by index
  std::deque<Scalar> pending_;  ///< taken writes not yet committed, oldest first
};

}  // namespace sluice::output
