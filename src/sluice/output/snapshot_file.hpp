#pragma once
// One rank's file of a restart snapshot: the rank's values of every field
// needed to continue a run, keyed by ids that do not depend on the
// decomposition, so that any rank count can read them back.
//
//   SnapshotPart part;
//   part.cellIds = ...;            // per owned cell: its index in the case files' cell order
//   part.faceIds = ...;            // per local face: its face in the undecomposed mesh
//   part.faceCanonical = ...;      // per local face: 1 if oriented as in the undecomposed mesh
//                                  // (views of arrays that outlive the write, e.g. the mesh's,
//                                  // or the part's own: part.setIds(cells, faces, canonical))
//   part.nInternalFaces = ...;
//   part.arrays.push_back({"U", SnapshotArrayKind::Cells, 3, values});
//   writeSnapshotPart(dir / "rank0.bin", part);        // crash-safe: temporary name, fsync, rename
//   SnapshotPart back = readSnapshotPart(dir / "rank0.bin");   // checks size and checksum
//
// Layout (little-endian): the 16-byte magic "sluice-snapshot", u32 version,
// u32 number of arrays, i64 cells, faces, internal faces, the cell ids (i64),
// the face ids (i64), the orientation flags (u8), then per array its name
// (u32 length, bytes), kind (u8), components (u8), value count (u64) and
// values (f64), and last a u64 checksum of every byte before it (FNV-1a over
// 64-bit words). Values are the doubles as computed, so a run continued from
// a snapshot at the same rank count is bit for bit the uninterrupted one.
//
// Only file I/O, no MPI: the writer thread calls writeSnapshotPart, which
// streams the file through a bounded buffer (it never holds the file whole).
#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::output {

enum class SnapshotArrayKind : std::uint8_t {
  Cells = 0,          ///< one entry per owned cell
  Faces = 1,          ///< one entry per local face
  BoundaryFaces = 2,  ///< one entry per local boundary face (faces nInternalFaces.. of the rank)
};

struct SnapshotArray {
  std::string name;  ///< "U", "U.old", "U.oldOld", "U.boundary", "phi", ...
  SnapshotArrayKind kind = SnapshotArrayKind::Cells;
  int components = 1;          ///< 1 (scalar) or 3 (vector)
  std::vector<double> values;  ///< entries x components
};

struct SnapshotPart {
  // The ids view arrays that stay unchanged while the part is written: a
  // run's mesh (static, outlives the writer's jobs), so that a write does
  // not copy them, or `ownedIds`.
  std::span<const std::int64_t> cellIds;
  std::span<const std::int64_t> faceIds;
  std::span<const std::uint8_t> faceCanonical;
  std::int64_t nInternalFaces = 0;
  std::vector<SnapshotArray> arrays;

  /// Id arrays held by the part (read from a file, or made for one write).
  struct Ids {
    std::vector<std::int64_t> cellIds;
    std::vector<std::int64_t> faceIds;
    std::vector<std::uint8_t> faceCanonical;
  };
  std::shared_ptr<const Ids> ownedIds;  ///< shared by copies of the part: their views stay valid

  /// Holds these arrays (in ownedIds) and views them.
  void setIds(std::vector<std::int64_t> cells, std::vector<std::int64_t> faces, std::vector<std::uint8_t> canonical);

  /// The array named `name`, or nullptr.
  const SnapshotArray* find(std::string_view name) const;
};

/// Writes `part` to `file` so that `file` either does not exist or is
/// complete: written as "<file>.tmp", flushed to disk (fsync) and renamed.
/// The folder is not synced: the manifest written into it after every part
/// (writeFileAtomically) does that, making all the parts' names durable at
/// once. Throws sluice::Error naming the file and the system's reason (a
/// full disk: "No space left on device"); the temporary is removed.
void writeSnapshotPart(const std::filesystem::path& file, const SnapshotPart& part);

/// Reads a file written by writeSnapshotPart; throws sluice::InputError
/// naming the file if it is missing, truncated, not a snapshot file or its
/// checksum does not match.
SnapshotPart readSnapshotPart(const std::filesystem::path& file);

/// Writes `bytes` to `file` in the same crash-safe way (temporary, fsync,
/// rename, folder sync); throws sluice::Error naming the file.
void writeFileAtomically(const std::filesystem::path& file, std::string_view bytes);

/// The checksum of the snapshot files (FNV-1a over 64-bit little-endian
/// words, the last partial word zero-padded, then the length).
std::uint64_t snapshotChecksum(std::string_view bytes);

}  // namespace sluice::output
