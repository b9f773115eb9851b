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
// Part of a list (one rank's share in a parallel read): the `...Part`
// readers take the entries to keep as a function of the list's size and
// hold only those; the rest is jumped over (binary, fixed-size items) or
// parsed and dropped (ascii; binary faceList items). The whole-list readers
// are the parts that keep everything, so both check and report alike.
//
//   auto myShare = [&](std::size_t n) { return io::EntryRange{n * r / P, n * (r + 1) / P}; };
//   io::ListPart<Vec3> mine = in.readVectorListPart(myShare);   // mine.listSize, mine.first, mine.entries
//
// Errors throw InputError naming the file, with line and column for ascii
// text: "constant/polyMesh/points: expected 1000 entries, file ends after 998",
// "constant/polyMesh/owner:20:1: list says 3 entries but has 2",
// "constant/polyMesh/owner:25:1: bad integer '1.5'".
#include <cstddef>
#include <functional>
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

/// Entries [first, last) of a list.
struct EntryRange {
  std::size_t first = 0;
  std::size_t last = 0;
};
/// The entries to keep of a list of the given size (a sub-range of it).
using RangeOfListSize = std::function<EntryRange(std::size_t listSize)>;

/// Entries first .. first + entries.size() - 1 of a list of listSize entries.
template <class T>
struct ListPart {
  std::size_t listSize = 0;
  std::size_t first = 0;
  std::vector<T> entries;
};

/// Items first .. first + lists.offsets.size() - 2 of a list of listSize
/// label lists; lists.offsets starts at 0.
struct CompactListPart {
  std::size_t listSize = 0;
  std::size_t first = 0;
  CompactLabelLists lists;
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

  /// The entries `range(listSize)` of a list, read as the whole-list readers
  /// above read it (the same checks on every entry they look at: ascii lists
  /// are parsed to their end, binary ones are checked for size and their
  /// closing ')'). Entries outside the range are not kept.
  ListPart<Label> readLabelListPart(const RangeOfListSize& range, std::string_view what = {});
  ListPart<Vec3> readVectorListPart(const RangeOfListSize& range, std::string_view what = {});
  /// Items `range(listSize)` of a List<labelList>.
  CompactListPart readLabelListListPart(const RangeOfListSize& range, std::string_view what = {});
  /// Items `range(listSize)` of a compact list (listSize: the offsets' size
  /// less one). Binary: reads only the offsets [first, last] and the values
  /// they give. The offsets' checks of readCompactLabelListList apply to the
  /// offsets read (so together the parts of all ranks check them all).
  CompactListPart readCompactLabelListListPart(const RangeOfListSize& range, std::string_view what = {});

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

  /// Reads one list of any form, appending its items to `out` (those in
  /// `range(count)` when a range is given, recorded in `*kept`); returns the
  /// count. binaryItems(p, dst, n, firstIndex) decodes n items from p.
  template <class T, class AsciiItem, class BinaryItems>
  std::size_t readListInto(std::vector<T>& out, std::string_view what, bool nested, std::size_t itemBytes,
                           AsciiItem asciiItem, BinaryItems binaryItems, const RangeOfListSize* range = nullptr,
                           EntryRange* kept = nullptr);
  /// `range(count)` after checking it lies in [0, count] (all when null).
  static EntryRange rangeOf(const RangeOfListSize* range, std::size_t count);
  /// The number of items of an unsized ascii list whose '(' has just been
  /// read (parsed and dropped with `item`); leaves the position unchanged.
  template <class Item>
  std::size_t countUnsized(std::string_view what, bool nested, std::size_t completeBefore, Item item);
  std::size_t appendLabelListPart(std::vector<Label>& out, std::string_view what, bool nested,
                                  const RangeOfListSize* range, EntryRange* kept);
  std::vector<Vec3> readVectors(std::string_view what, const RangeOfListSize* range, EntryRange* kept,
                                std::size_t* listSize);
  CompactListPart readLabelListListRange(const RangeOfListSize* range, std::string_view what);
  std::size_t appendLabelList(std::vector<Label>& out, std::string_view what, bool nested);

  std::string_view text_;
  std::size_t pos_ = 0;
  FoamStreamFormat format_;
  std::string file_;
  std::size_t uniformEntriesLeft_;
};

}  // namespace sluice::io
