#include "sluice/parallel/polymesh_share_reader.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/release.hpp"
#include "sluice/io/foam_list_reader.hpp"
#include "sluice/mesh/polymesh_files.hpp"
#include "sluice/parallel/parallel_error.hpp"

namespace sluice::parallel {

namespace fs = std::filesystem;

namespace {

/// Rank `rank` of `ranks`' share [n*rank/ranks, n*(rank+1)/ranks) of n items.
io::EntryRange shareOf(std::size_t n, int rank, int ranks) {
  const auto n64 = static_cast<std::uint64_t>(n);
  return {static_cast<std::size_t>(n64 * static_cast<std::uint64_t>(rank) / static_cast<std::uint64_t>(ranks)),
          static_cast<std::size_t>(n64 * static_cast<std::uint64_t>(rank + 1) / static_cast<std::uint64_t>(ranks))};
}

/// What the ranks read before they agree on the cell count.
struct LocalRead {
  std::vector<Label> neighbour;  ///< entries [faceRange.first, faceRange.first + size) of the neighbour list
  io::EntryRange faceRange;
};

/// Every rank the same patch list, so every rank the same answer.
void checkPatches(const MeshShare& share, const std::string& boundaryName) {
  constexpr auto maxLabel = static_cast<GlobalLabel>(std::numeric_limits<Label>::max());
  if (share.nGlobalFaces > maxLabel)
    throw CollectiveError(
        fmt::format("{}/faces: {} faces do not fit in 32-bit labels", share.name, share.nGlobalFaces));
  if (auto problem = mesh::patchTilingProblem(share.patches, static_cast<Label>(share.nGlobalInternalFaces),
                                              static_cast<Label>(share.nGlobalFaces)))
    throw CollectiveError(fmt::format("{}: {}", boundaryName, *problem));
}

/// The index checks of PolyMesh's constructor, on the faces held here.
void checkFacesHeld(const MeshShare& share) {
  const std::string facesName = share.name + "/faces";
  const std::string ownerName = share.name + "/owner";
  const std::string neighbourName = share.name + "/neighbour";
  for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
    const GlobalLabel f = share.faceIds[i];
    const auto face = share.faces[static_cast<Label>(i)];
    if (face.size() < 3)
      throw InputError(fmt::format("{}: face {} has {} vertices (at least 3 needed)", facesName, f, face.size()));
    for (Label v : face)
      if (v < 0 || v >= share.nGlobalPoints)
        throw InputError(fmt::format("{}: face {} refers to point {} but there are {} points", facesName, f, v,
                                     share.nGlobalPoints));
    const GlobalLabel owner = share.owner[i];
    const GlobalLabel neighbour = share.neighbour[i];
    if (owner < 0 || owner >= share.nGlobalCells)
      throw InputError(
          fmt::format("{}: face {} has owner {} outside the {} cells", ownerName, f, owner, share.nGlobalCells));
    if (f < share.nGlobalInternalFaces) {
      if (neighbour < 0 || neighbour >= share.nGlobalCells)
        throw InputError(fmt::format("{}: internal face {} has neighbour {} outside the {} cells", neighbourName, f,
                                     neighbour, share.nGlobalCells));
      if (neighbour == owner)
        throw InputError(
            fmt::format("{}: internal face {} has owner and neighbour both cell {}", neighbourName, f, owner));
    }
  }
}

}  // namespace

MeshShare readPolyMeshShare(const Communicator& comm, const fs::path& polyMeshDir) {
  const int rank = comm.rank();
  const int ranks = comm.size();
  MeshShare share;
  share.name = mesh::polyMeshDisplayName(polyMeshDir);
  const std::string& dirName = share.name;
  const io::RangeOfListSize myShare = [&](std::size_t n) { return shareOf(n, rank, ranks); };

  // 1. Each rank its parts of the files (local work; any failure agreed).
  LocalRead local;
  collectively(comm, [&] {
    {
      const mesh::PolyMeshFile f = mesh::openPolyMeshFile(polyMeshDir, dirName, "points");
      auto in = f.reader();
      io::ListPart<Vec3> points = in.readVectorListPart(myShare);
      in.expectEnd();
      share.nGlobalPoints = static_cast<GlobalLabel>(points.listSize);
      share.firstPoint = static_cast<GlobalLabel>(points.first);
      share.points = std::move(points.entries);
    }
    {
      const mesh::PolyMeshFile f = mesh::openPolyMeshFile(polyMeshDir, dirName, "faces");
      auto in = f.reader();
      io::CompactListPart faces = f.header.isCompactFaceList(f.name) ? in.readCompactLabelListListPart(myShare)
                                                                     : in.readLabelListListPart(myShare);
      in.expectEnd();
      share.nGlobalFaces = static_cast<GlobalLabel>(faces.listSize);
      local.faceRange = {faces.first, faces.first + faces.lists.offsets.size() - 1};
      share.faces = mesh::FaceList(std::move(faces.lists.offsets), std::move(faces.lists.values));
    }
    // owner and neighbour: the entries of the faces held here (as far as the lists go)
    const io::RangeOfListSize myFaces = [&](std::size_t n) {
      return io::EntryRange{std::min(local.faceRange.first, n), std::min(local.faceRange.last, n)};
    };
    {
      const mesh::PolyMeshFile f = mesh::openPolyMeshFile(polyMeshDir, dirName, "owner");
      auto in = f.reader();
      io::ListPart<Label> owner = in.readLabelListPart(myFaces);
      in.expectEnd();
      if (owner.listSize != static_cast<std::size_t>(share.nGlobalFaces))
        throw InputError(
            fmt::format("{}: {} entries but there are {} faces", f.name, owner.listSize, share.nGlobalFaces));
      share.owner.assign(owner.entries.begin(), owner.entries.end());
    }
    {
      const mesh::PolyMeshFile f = mesh::openPolyMeshFile(polyMeshDir, dirName, "neighbour");
      auto in = f.reader();
      io::ListPart<Label> neighbour = in.readLabelListPart(myFaces);
      in.expectEnd();
      if (neighbour.listSize > static_cast<std::size_t>(share.nGlobalFaces))
        throw InputError(
            fmt::format("{}: {} entries but there are only {} faces", f.name, neighbour.listSize, share.nGlobalFaces));
      local.neighbour = std::move(neighbour.entries);
    }
    {
      const mesh::PolyMeshFile f = mesh::openPolyMeshFile(polyMeshDir, dirName, "boundary");
      share.patches = mesh::readBoundaryPatches(f.text(), f.header, f.name);
    }
  });

  // 2. One reduction: the largest cell and the end of the neighbour list
  // without its -1 padding (old OpenFOAM versions padded it to nFaces).
  std::array<long long, 2> largest{-1, 0};
  for (Label cell : share.owner) largest[0] = std::max<long long>(largest[0], cell);
  for (std::size_t i = 0; i < local.neighbour.size(); ++i)
    if (local.neighbour[i] != -1) {
      largest[0] = std::max<long long>(largest[0], local.neighbour[i]);
      largest[1] = static_cast<long long>(local.faceRange.first + i + 1);
    }
  comm.maxInPlace(largest);
  share.nGlobalCells = largest[0] + 1;
  share.nGlobalInternalFaces = largest[1];

  // 3. The share itself, and the checks of the serial reader on it.
  checkPatches(share, dirName + "/boundary");
  collectively(comm, [&] {
    share.faceIds.resize(local.faceRange.last - local.faceRange.first);
    share.neighbour.assign(share.faceIds.size(), -1);
    for (std::size_t i = 0; i < share.faceIds.size(); ++i) {
      share.faceIds[i] = static_cast<GlobalLabel>(local.faceRange.first + i);
      if (i < local.neighbour.size() && share.faceIds[i] < share.nGlobalInternalFaces)
        share.neighbour[i] = local.neighbour[i];
    }
    release(local.neighbour);
    checkFacesHeld(share);
  });
  return share;
}

}  // namespace sluice::parallel
