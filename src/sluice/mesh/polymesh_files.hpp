#pragma once
// What the readers of constant/polyMesh share, whether they read whole files
// (readPolyMesh) or each rank a part of them (parallel::readPolyMeshShare):
// the directory's display name, the refusal of compressed files, a file's
// FoamFile header (format, class, arch) and the boundary file's patches.
//
//   const std::string dirName = polyMeshDisplayName(dir);                 // "constant/polyMesh"
//   const std::filesystem::path path = polyMeshFilePath(dir, dirName, "points");   // throws for points.gz
//   const PolyMeshFileHeader header = readPolyMeshFileHeader(text, dirName + "/points");
//   io::FoamListReader in(text, header.parsed.bodyOffset, header.streamFormat(name), name);
//   std::vector<Patch> patches = readBoundaryPatches(boundaryText, boundaryHeader, dirName + "/boundary");
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/io/foam_header.hpp"
#include "sluice/io/foam_list_reader.hpp"
#include "sluice/io/mapped_file.hpp"
#include "sluice/mesh/patch.hpp"

namespace sluice::mesh {

/// What the readers need from a polyMesh file's FoamFile header.
struct PolyMeshFileHeader {
  io::FoamHeader parsed;
  bool binary = false;
  std::string className;
  std::string arch;

  /// Widths and byte order of the body (throws InputError for an unknown arch).
  io::FoamStreamFormat streamFormat(const std::string& file) const;
  /// Whether the faces file is a faceCompactList (else a faceList); throws
  /// InputError "<file>: unexpected class '...'" for any other class.
  bool isCompactFaceList(const std::string& file) const;
};

/// Parses only the header at the start of `text` (no header: ascii, default widths).
PolyMeshFileHeader readPolyMeshFileHeader(std::string_view text, const std::string& file);

/// "constant/polyMesh" from ".../case/constant/polyMesh/": files are named
/// "<this>/points" in messages.
std::string polyMeshDisplayName(const std::filesystem::path& polyMeshDir);

/// dir / object; throws InputError "<dirName>/<object>.gz: compressed mesh
/// files are not supported; ..." when only the compressed file is there.
std::filesystem::path polyMeshFilePath(const std::filesystem::path& dir, const std::string& dirName,
                                       const std::string& object);

/// One polyMesh file mapped into memory (io::MappedFile: only the pages a
/// reader touches are read) with its header; both the serial reader and each
/// rank's share reader open the files this way.
struct PolyMeshFile {
  std::string name;  ///< display name, e.g. "constant/polyMesh/points"
  io::MappedFile file;
  PolyMeshFileHeader header;

  std::string_view text() const { return file.text(); }
  /// A list reader positioned at the body.
  io::FoamListReader reader() const {
    return io::FoamListReader(file.text(), header.parsed.bodyOffset, header.streamFormat(name), name);
  }
};

/// Opens dir / object (polyMeshFilePath); InputError "<dirName>/<object>:
/// cannot open file" when it is missing or not a regular file.
PolyMeshFile openPolyMeshFile(const std::filesystem::path& dir, const std::string& dirName,
                              const std::string& object);

/// The boundary body: `N ( name { type ..; nFaces ..; startFace ..; } ... )`.
/// Patch types must be known (isKnownPatchType), names unique, sizes and
/// starts non-negative.
std::vector<Patch> readBoundaryPatches(std::string_view text, const PolyMeshFileHeader& header,
                                       const std::string& file);

}  // namespace sluice::mesh
