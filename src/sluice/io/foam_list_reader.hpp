#pragma once
// Fast reader for the large lists in OpenFOAM files (polyMesh points, faces,
// owner, neighbour; nonuniform field values), ascii or binary.
//
// Ascii lists are `N ( a b ... )`, `N{value}` (uniform) or `( a b ... )`;
// binary lists are `N (` followed by N raw little- or big-endian values and
// `)`, with label and scalar widths given by the FoamFile header's `arch`
// entry ("LSB;label=32;scalar=64"). The body is scanned in place with
// std::from_chars: no tokens or strings are built per entry. Lists nest at
// most two levels (faces), read without recursion, so no nesting limit
// (io/nesting_limit.hpp) is needed here. Numbers must be finite; a declared
// size never allocates beyond what the rest of the text can hold, and the
// uniform lists of one reader expand to at most kMaxUniformListEntries
// entries in total (io/uniform_list_limit.hpp).
//
//   auto fmt = io::FoamStreamFormat::fromHeader(/*binary=*/true, "LSB;label=32;scalar=64", "constant/polyMesh/points");
//   io::FoamListReader in(fileText, bodyOffset, fmt, "constant/polyMesh/points");
//   std::vector<Vec3> points = in.readVectorList();
//   in.expectEnd();
//
// Errors throw InputError naming the file, with line and column for ascii
// text: "constant/polyMesh/points: expected 1000 entries, file ends after 998",
// "constant/polyMesh/owner:20:1: list says 3 entries but has 2",
// "constant/polyMesh/owner:25:1: bad integer '1.5'".
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"

namespace sluice::io {

/// How list bodies are encoded: ascii or binary with given widths and byte order.
struct FoamStreamFormat {
  bool binary = false;
  int labelBytes = 4;      ///< 4 or 8 (label=32 / label=64)
  int scalarBytes = 8;     ///< 4 or 8 (scalar=32 / scalar=64)
  bool bigEndian = false;  ///< arch "MSB"

  /// From the header's `format` (ascii|binary) and `arch` entries; an empty
  /// arch means "LSB;label=32;scalar=64". Throws InputError
  /// "<file>: unsupported arch '...'" for anything else.
  static FoamStreamFormat fromHeader(bool binary, std::string_view arch, const std::string& file);
};

/// A list of label lists in compact (CSR) form: item i is
/// values[offsets[i] .. offsets[i+1]).
struct CompactLabelLists {
  std::vector<Label> offsets{0};
  std::vector<Label> values;
};

class FoamListReader {
 public:
  /// Reads from `text` starting at byte `offset` (usually just after the
  /// FoamFile header). `file` is the display name used in messages.
  FoamListReader(std::string_view text, std::size_t offset, FoamStreamFormat format, std::string file);

  /// labelList. `what` (e.g. "vertex list") prefixes messages when non-empty.
  std::vector<Label> readLabelList(std::string_view what = {});
  std::vector<Scalar> readScalarList(std::string_view what = {});
  /// vectorField / List<vector>: ascii items are (x y z).
  std::vector<Vec3> readVectorList(std::string_view what = {});
  /// List<labelList> (e.g. faceList): ascii `N( 4(0 1 2 3) ... )`; binary
  /// items are themselves binary label lists.
  CompactLabelLists readLabelListList(std::string_view what = {});
  /// faceCompactList / labelListCompactList: an offsets list (size N+1,
  /// starting at 0, non-decreasing) followed by the concatenated values.
  CompactLabelLists readCompactLabelListList(std::string_view what = {});

  /// Throws unless only whitespace and comments remain.
  void expectEnd();

  std::size_t position() const { return pos_; }
  const std::string& file() const { return file_; }

 private:
  enum class ListOpen { Sized, Uniform, Unsized, Empty };
  struct ListStart {
    ListOpen kind;
    std::size_t count;  ///< entries announced (Sized, Uniform)
    std::size_t start;  ///< byte offset of the list (its size, or its '(')
  };

  // `nested`: the list is an item of an enclosing list; running out of text
  // is then reported by the enclosing list ("file ends after M" of its own).
  void skipSpace();
  bool atEnd() const { return pos_ >= text_.size(); }
  std::string_view tokenAt(std::size_t pos) const;
  [[noreturn]] void failAt(std::size_t pos, const std::string& message) const;
  [[noreturn]] void failTruncated(std::string_view what, std::size_t expected, std::size_t found) const;
  std::string prefix(std::string_view what) const;

  /// Reads `N (`, `N {`, `(` (ascii) or a bare `0` (binary) and consumes the
  /// opening delimiter.
  ListStart openList(std::string_view what, bool nested);
  void closeList(char close, std::string_view what, std::size_t count, bool nested);
  /// "list says N entries but has M" at the list's start.
  [[noreturn]] void failCount(const ListStart& list, std::size_t found) const;
  /// Closes a sized ascii list whose `count` entries have been read.
  void closeSized(const ListStart& list, std::string_view what, bool nested);
  /// Raw bytes of a binary list body (just after its '('); consumes the
  /// closing ')'. Returns a pointer to the first byte.
  const char* binaryBlock(std::string_view what, std::size_t count, std::size_t itemBytes, bool nested);
  /// Charges a uniform list of `list.count` items of `perItem` entries each
  /// against the reader's budget; throws at the list's start beyond it.
  void chargeUniform(const ListStart& list, std::size_t perItem);

  Label asciiLabel();
  Scalar asciiScalar();
  Vec3 asciiVector();
  Label binaryLabel(const char* p, std::size_t index, std::string_view what) const;
  Scalar binaryScalar(const char* p) const;

  /// Reads one list of any form, appending its items to `out`; returns the count.
  template <class T, class AsciiItem, class BinaryItems>
  std::size_t readListInto(std::vector<T>& out, std::string_view what, bool nested, std::size_t itemBytes,
                           AsciiItem asciiItem, BinaryItems binaryItems);
  std::size_t appendLabelList(std::vector<Label>& out, std::string_view what, bool nested);

  std::string_view text_;
  std::size_t pos_ = 0;
  FoamStreamFormat format_;
  std::string file_;
  std::size_t uniformEntriesLeft_;
};

}  // namespace sluice::io
