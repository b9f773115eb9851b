#include "sluice/io/foam_list_reader.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/io/quote_input.hpp"
#include "sluice/io/uniform_list_limit.hpp"

namespace sluice::io {

namespace {

/// Thrown inside a list when the text ends; the enclosing list turns it into
/// "expected N entries, file ends after M".
struct EndOfInput {
  std::size_t completeItems = std::numeric_limits<std::size_t>::max();
};

constexpr bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/// Characters that end a number or word.
constexpr bool isDelimiter(char c) {
  return isSpace(c) || c == '(' || c == ')' || c == '{' || c == '}' || c == ';' || c == ',' || c == '/' ||
         c == '[' || c == ']' || c == '"';
}

template <class T>
T loadRaw(const char* p, bool swap) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  if (swap) {
    unsigned char b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    std::reverse(b, b + sizeof(T));
    std::memcpy(&v, b, sizeof(T));
  }
  return v;
}

}  // namespace

FoamStreamFormat FoamStreamFormat::fromHeader(bool binary, std::string_view arch, const std::string& file) {
  FoamStreamFormat f;
  f.binary = binary;
  std::string_view rest = arch;
  while (!rest.empty()) {
    const std::size_t semi = rest.find(';');
    std::string_view part = rest.substr(0, semi);
    rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
    while (!part.empty() && isSpace(part.front())) part.remove_prefix(1);
    while (!part.empty() && isSpace(part.back())) part.remove_suffix(1);
    if (part.empty()) continue;
    bool ok = true;
    if (part == "LSB" || part == "MSB") {
      f.bigEndian = part == "MSB";
    } else if (part == "label=32") {
      f.labelBytes = 4;
    } else if (part == "label=64") {
      f.labelBytes = 8;
    } else if (part == "scalar=32") {
      f.scalarBytes = 4;
    } else if (part == "scalar=64") {
      f.scalarBytes = 8;
    } else {
      ok = false;
    }
    if (!ok)
      throw InputError(fmt::format("{}: unsupported arch '{}' (expected e.g. \"LSB;label=32;scalar=64\"; "
                                   "label 32 or 64, scalar 32 or 64)",
                                   file, arch));
  }
  return f;
}

FoamListReader::FoamListReader(std::string_view text, std::size_t offset, FoamStreamFormat format, std::string file)
    : text_(text),
      pos_(std::min(offset, text.size())),
      format_(format),
      file_(std::move(file)),
      uniformEntriesLeft_(kMaxUniformListEntries) {
  // Binary bodies hold NUL bytes; in ascii text one is corruption (even in a comment).
  if (!format_.binary && pos_ < text_.size())
    if (const void* nul = std::memchr(text_.data() + pos_, '\0', text_.size() - pos_))
      failAt(static_cast<std::size_t>(static_cast<const char*>(nul) - text_.data()), "NUL byte in file");
}

// ---------------------------------------------------------------- scanning

void FoamListReader::skipSpace() {
  const std::size_t n = text_.size();
  while (pos_ < n) {
    const char c = text_[pos_];
    if (isSpace(c)) {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < n && text_[pos_ + 1] == '/') {
      const std::size_t nl = text_.find('\n', pos_ + 2);
      pos_ = nl == std::string_view::npos ? n : nl + 1;
    } else if (c == '/' && pos_ + 1 < n && text_[pos_ + 1] == '*') {
      const std::size_t close = text_.find("*/", pos_ + 2);
      pos_ = close == std::string_view::npos ? n : close + 2;
    } else {
      break;
    }
  }
}

std::string_view FoamListReader::tokenAt(std::size_t pos) const {
  if (pos >= text_.size()) return {};
  std::size_t end = pos + 1;
  if (!isDelimiter(text_[pos]))
    while (end < text_.size() && end - pos <= kQuotedInputLength && !isDelimiter(text_[end])) ++end;
  return text_.substr(pos, end - pos);
}

namespace {
std::string describe(std::string_view token) { return token.empty() ? "end of file" : quoteInput(token); }
}  // namespace

void FoamListReader::failAt(std::size_t pos, const std::string& message) const {
  if (format_.binary) throw InputError(fmt::format("{}: {} (at byte {})", file_, message, pos));
  pos = std::min(pos, text_.size());
  const int line = 1 + static_cast<int>(std::count(text_.begin(), text_.begin() + static_cast<std::ptrdiff_t>(pos), '\n'));
  const std::size_t lineStart = text_.rfind('\n', pos == 0 ? 0 : pos - 1);
  const int column =
      static_cast<int>(pos - (lineStart == std::string_view::npos || pos == 0 ? 0 : lineStart + 1)) + 1;
  throw InputError(locatedMessage(file_, line, column, message));
}

std::string FoamListReader::prefix(std::string_view what) const {
  return what.empty() ? file_ + ": " : fmt::format("{}: {}: ", file_, what);
}

void FoamListReader::failTruncated(std::string_view what, std::size_t expected, std::size_t found) const {
  throw InputError(fmt::format("{}expected {} entries, file ends after {}", prefix(what), expected, found));
}

// ---------------------------------------------------------------- list frame

FoamListReader::ListStart FoamListReader::openList(std::string_view what, bool nested) {
  skipSpace();
  if (atEnd()) {
    if (nested) throw EndOfInput{};
    throw InputError(prefix(what) + "expected a list, file ends");
  }
  const std::size_t start = pos_;
  const char c = text_[pos_];
  if (c == '(') {
    if (format_.binary) failAt(pos_, "expected the list size before '(' in a binary list");
    ++pos_;
    return {ListOpen::Unsized, 0, start};
  }
  if (c < '0' || c > '9') failAt(pos_, fmt::format("expected a list, found {}", describe(tokenAt(pos_))));
  std::uint64_t count = 0;
  while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
    count = count * 10 + static_cast<std::uint64_t>(text_[pos_] - '0');
    if (count > static_cast<std::uint64_t>(std::numeric_limits<Label>::max()))
      failAt(start, fmt::format("list size {} is too large", describe(tokenAt(start))));
    ++pos_;
  }
  if (pos_ < text_.size() && !isDelimiter(text_[pos_]))
    failAt(start, fmt::format("bad list size {}", describe(tokenAt(start))));
  const auto n = static_cast<std::size_t>(count);
  skipSpace();
  if (atEnd()) {
    if (n == 0 && format_.binary) return {ListOpen::Empty, 0, start};
    if (nested) throw EndOfInput{};
    failTruncated(what, n, 0);
  }
  if (text_[pos_] == '(') {
    ++pos_;
    return {ListOpen::Sized, n, start};
  }
  if (text_[pos_] == '{') {
    ++pos_;
    return {ListOpen::Uniform, n, start};
  }
  // OpenFOAM writes an empty binary list as a bare "0".
  if (n == 0 && format_.binary) return {ListOpen::Empty, 0, start};
  failAt(pos_, fmt::format("expected '(' or '{{' after list size {}, found {}", n, describe(tokenAt(pos_))));
}

void FoamListReader::closeList(char close, std::string_view what, std::size_t count, bool nested) {
  skipSpace();
  if (atEnd()) {
    if (nested) throw EndOfInput{};
    throw InputError(fmt::format("{}expected '{}' after {} entries, file ends", prefix(what), close, count));
  }
  if (text_[pos_] != close)
    failAt(pos_, fmt::format("expected '{}' after {} entries, found {}", close, count, describe(tokenAt(pos_))));
  ++pos_;
}

void FoamListReader::failCount(const ListStart& list, std::size_t found) const {
  failAt(list.start, fmt::format("list says {} entries but has {}", list.count, found));
}

void FoamListReader::chargeUniform(const ListStart& list, std::size_t perItem) {
  if (perItem > 0 && list.count > uniformEntriesLeft_ / perItem)
    failAt(list.start, fmt::format("uniform list of {} entries is too long: the uniform lists of a file may expand "
                                   "to at most {} entries",
                                   list.count, kMaxUniformListEntries));
  uniformEntriesLeft_ -= list.count * perItem;
}

void FoamListReader::closeSized(const ListStart& list, std::string_view what, bool nested) {
  skipSpace();
  if (!atEnd() && text_[pos_] != ')')
    failAt(list.start, fmt::format("list says {} entries but has more ({} follows entry {})", list.count,
                                   describe(tokenAt(pos_)), list.count));
  closeList(')', what, list.count, nested);
}

const char* FoamListReader::binaryBlock(std::string_view what, std::size_t count, std::size_t itemBytes,
                                        bool nested) {
  if (count == 0) {
    closeList(')', what, 0, nested);
    return text_.data() + pos_;
  }
  const std::size_t avail = text_.size() - pos_;
  if (avail / itemBytes < count) {
    if (nested) throw EndOfInput{};
    failTruncated(what, count, avail / itemBytes);
  }
  const char* p = text_.data() + pos_;
  pos_ += count * itemBytes;
  if (atEnd() || text_[pos_] != ')')
    throw InputError(fmt::format(
        "{}binary list of {} entries is not followed by ')' (at byte {}); does the header's arch "
        "(label={};scalar={}) match the data?",
        prefix(what), count, pos_, 8 * format_.labelBytes, 8 * format_.scalarBytes));
  ++pos_;
  return p;
}

// ---------------------------------------------------------------- values

Label FoamListReader::asciiLabel() {
  skipSpace();
  if (atEnd()) throw EndOfInput{};
  const std::size_t start = pos_;
  const std::size_t n = text_.size();
  bool negative = false;
  if (text_[pos_] == '-' || text_[pos_] == '+') {
    negative = text_[pos_] == '-';
    ++pos_;
  }
  if (pos_ < n && isDelimiter(text_[pos_]))
    failAt(pos_, fmt::format("expected an integer, found {}", describe(tokenAt(pos_))));
  const std::size_t digits = pos_;
  std::int64_t value = 0;
  while (pos_ < n && text_[pos_] >= '0' && text_[pos_] <= '9') {
    if (value <= std::int64_t{1} << 40) value = value * 10 + (text_[pos_] - '0');
    ++pos_;
  }
  if (pos_ == digits || (pos_ < n && !isDelimiter(text_[pos_])))
    failAt(start, fmt::format("bad integer {}", describe(tokenAt(start))));
  if (negative) value = -value;
  if (value > std::numeric_limits<Label>::max() || value < std::numeric_limits<Label>::min())
    failAt(start, fmt::format("integer {} does not fit in a 32-bit label", describe(tokenAt(start))));
  return static_cast<Label>(value);
}

Scalar FoamListReader::asciiScalar() {
  skipSpace();
  if (atEnd()) throw EndOfInput{};
  const std::size_t start = pos_;
  std::size_t end = pos_;
  while (end < text_.size() && !isDelimiter(text_[end])) ++end;
  if (end == start) failAt(start, fmt::format("expected a number, found {}", describe(tokenAt(start))));
  const char* first = text_.data() + start;
  const char* last = text_.data() + end;
  if (first != last && *first == '+') ++first;
  Scalar value = 0;
  const auto result = std::from_chars(first, last, value);
  if (result.ptr != last || result.ec == std::errc::invalid_argument)
    failAt(start, fmt::format("bad number {}", describe(tokenAt(start))));
  // from_chars reads "nan", "inf" and "infinity": never valid data here.
  if (!std::isfinite(value) && result.ec == std::errc())
    failAt(start, fmt::format("number {} is not finite", describe(tokenAt(start))));
  if (result.ec == std::errc::result_out_of_range) {
    // Overflow is an error; underflow becomes a denormal or 0, as strtod and the tokenizer.
    value = std::strtod(std::string(first, last).c_str(), nullptr);
    if (!std::isfinite(value)) failAt(start, fmt::format("number {} is out of range", describe(tokenAt(start))));
  }
  pos_ = end;
  return value;
}

Vec3 FoamListReader::asciiVector() {
  skipSpace();
  if (atEnd()) throw EndOfInput{};
  if (text_[pos_] != '(') failAt(pos_, fmt::format("expected '(' to start a vector, found {}", describe(tokenAt(pos_))));
  ++pos_;
  Vec3 v;
  v.x = asciiScalar();
  v.y = asciiScalar();
  v.z = asciiScalar();
  skipSpace();
  if (atEnd()) throw EndOfInput{};
  if (text_[pos_] != ')')
    failAt(pos_, fmt::format("expected ')' after 3 vector components, found {}", describe(tokenAt(pos_))));
  ++pos_;
  return v;
}

Label FoamListReader::binaryLabel(const char* p, std::size_t index, std::string_view what) const {
  if (format_.labelBytes == 4) return loadRaw<std::int32_t>(p, format_.bigEndian != (std::endian::native == std::endian::big));
  const auto v = loadRaw<std::int64_t>(p, format_.bigEndian != (std::endian::native == std::endian::big));
  if (v > std::numeric_limits<Label>::max() || v < std::numeric_limits<Label>::min())
    throw InputError(fmt::format("{}entry {} ({}) does not fit in a 32-bit label", prefix(what), index, v));
  return static_cast<Label>(v);
}

Scalar FoamListReader::binaryScalar(const char* p) const {
  const bool swap = format_.bigEndian != (std::endian::native == std::endian::big);
  if (format_.scalarBytes == 4) return static_cast<Scalar>(loadRaw<float>(p, swap));
  return loadRaw<double>(p, swap);
}

// ---------------------------------------------------------------- generic list

EntryRange FoamListReader::rangeOf(const RangeOfListSize* range, std::size_t count) {
  if (range == nullptr) return {0, count};
  const EntryRange r = (*range)(count);
  if (r.first > r.last || r.last > count)
    throw std::logic_error(fmt::format("FoamListReader: entry range [{}, {}) is not within a list of {}", r.first,
                                       r.last, count));
  return r;
}

template <class Item>
std::size_t FoamListReader::countUnsized(std::string_view what, bool nested, std::size_t completeBefore, Item item) {
  const std::size_t begin = pos_;
  std::size_t n = 0;
  for (;;) {
    skipSpace();
    if (!atEnd() && text_[pos_] == ')') break;
    try {
      if (atEnd()) throw EndOfInput{};
      item();
    } catch (const EndOfInput&) {
      if (nested) throw;
      throw InputError(fmt::format("{}list not closed by ')', file ends after {} entries", prefix(what),
                                   completeBefore + n));
    }
    ++n;
  }
  pos_ = begin;
  return n;
}

template <class T, class AsciiItem, class BinaryItems>
std::size_t FoamListReader::readListInto(std::vector<T>& out, std::string_view what, bool nested,
                                         std::size_t itemBytes, AsciiItem asciiItem, BinaryItems binaryItems,
                                         const RangeOfListSize* range, EntryRange* kept) {
  const ListStart s = openList(what, nested);
  const std::size_t before = out.size();
  auto keep = [&](std::size_t count) {
    const EntryRange r = rangeOf(range, count);
    if (kept) *kept = r;
    return r;
  };
  // `count` ascii items (just after '('), keeping those in r, then ')'.
  auto readAsciiItems = [&](const ListStart& list, const EntryRange& r) {
    // (nested lists append to a shared vector: exact reserves there would defeat geometric growth)
    if (!nested) out.reserve(before + std::min(r.last - r.first, (text_.size() - pos_) / 2 + 1));
    std::size_t i = 0;
    try {
      for (; i < list.count; ++i) {
        skipSpace();
        if (!atEnd() && text_[pos_] == ')') failCount(list, i);
        if (i >= r.first && i < r.last)
          out.push_back(asciiItem());
        else
          (void)asciiItem();
      }
    } catch (const EndOfInput&) {
      if (nested) throw;
      failTruncated(what, list.count, i);
    }
    closeSized(list, what, nested);
  };
  switch (s.kind) {
    case ListOpen::Empty:
      keep(0);
      return 0;
    case ListOpen::Uniform: {
      T value{};
      try {
        value = asciiItem();
        closeList('}', what, 1, true);
      } catch (const EndOfInput&) {
        if (nested) throw;
        failTruncated(what, s.count, 0);
      }
      const EntryRange r = keep(s.count);
      chargeUniform({s.kind, r.last - r.first, s.start}, 1);
      out.insert(out.end(), r.last - r.first, value);
      return s.count;
    }
    case ListOpen::Sized: {
      const EntryRange r = keep(s.count);
      if (format_.binary) {
        const char* p = binaryBlock(what, s.count, itemBytes, nested);
        const std::size_t n = r.last - r.first;
        out.resize(before + n);
        // An empty list may leave out.data() null: no memcpy to it.
        if (n > 0) binaryItems(p + r.first * itemBytes, out.data() + before, n, r.first);
        return s.count;
      }
      readAsciiItems(s, r);
      return s.count;
    }
    case ListOpen::Unsized:
      if (range != nullptr) {  // the range needs the size: count first, then read as a sized list
        const ListStart sized{ListOpen::Sized, countUnsized(what, nested, 0, asciiItem), s.start};
        readAsciiItems(sized, keep(sized.count));
        return sized.count;
      }
      for (;;) {
        skipSpace();
        if (atEnd()) {
          if (nested) throw EndOfInput{};
          throw InputError(fmt::format("{}list not closed by ')', file ends after {} entries", prefix(what),
                                       out.size() - before));
        }
        if (text_[pos_] == ')') {
          ++pos_;
          break;
        }
        try {
          out.push_back(asciiItem());
        } catch (const EndOfInput&) {
          if (nested) throw;
          throw InputError(fmt::format("{}list not closed by ')', file ends after {} entries", prefix(what),
                                       out.size() - before));
        }
      }
      keep(out.size() - before);
      return out.size() - before;
  }
  return 0;
}

std::size_t FoamListReader::appendLabelListPart(std::vector<Label>& out, std::string_view what, bool nested,
                                                const RangeOfListSize* range, EntryRange* kept) {
  const bool swap = format_.bigEndian != (std::endian::native == std::endian::big);
  return readListInto(
      out, what, nested, static_cast<std::size_t>(format_.labelBytes), [this] { return asciiLabel(); },
      [&](const char* p, Label* dst, std::size_t n, std::size_t firstIndex) {
        if (format_.labelBytes == 4 && !swap) {
          std::memcpy(dst, p, n * sizeof(Label));
          return;
        }
        for (std::size_t i = 0; i < n; ++i) dst[i] = binaryLabel(p + i * format_.labelBytes, firstIndex + i, what);
      },
      range, kept);
}

std::size_t FoamListReader::appendLabelList(std::vector<Label>& out, std::string_view what, bool nested) {
  return appendLabelListPart(out, what, nested, nullptr, nullptr);
}

std::vector<Label> FoamListReader::readLabelList(std::string_view what) {
  std::vector<Label> out;
  appendLabelList(out, what, false);
  return out;
}

ListPart<Label> FoamListReader::readLabelListPart(const RangeOfListSize& range, std::string_view what) {
  ListPart<Label> part;
  EntryRange kept;
  part.listSize = appendLabelListPart(part.entries, what, false, &range, &kept);
  part.first = kept.first;
  return part;
}

std::vector<Scalar> FoamListReader::readScalarList(std::string_view what) {
  std::vector<Scalar> out;
  readListInto(
      out, what, false, static_cast<std::size_t>(format_.scalarBytes), [this] { return asciiScalar(); },
      [&](const char* p, Scalar* dst, std::size_t n, std::size_t) {
        for (std::size_t i = 0; i < n; ++i) dst[i] = binaryScalar(p + i * format_.scalarBytes);
      });
  // (ascii items were checked as they were read; binary ones may hold nan or inf)
  if (format_.binary)
    for (std::size_t i = 0; i < out.size(); ++i)
      if (!std::isfinite(out[i])) throw InputError(fmt::format("{}entry {} is not finite", prefix(what), i));
  return out;
}

std::vector<Vec3> FoamListReader::readVectors(std::string_view what, const RangeOfListSize* range,
                                              EntryRange* kept, std::size_t* listSize) {
  static_assert(sizeof(Vec3) == 3 * sizeof(Scalar), "Vec3 must be three packed scalars");
  std::vector<Vec3> out;
  const auto sb = static_cast<std::size_t>(format_.scalarBytes);
  const bool swap = format_.bigEndian != (std::endian::native == std::endian::big);
  EntryRange r;
  const std::size_t count = readListInto(
      out, what, false, 3 * sb, [this] { return asciiVector(); },
      [&](const char* p, Vec3* dst, std::size_t n, std::size_t) {
        if (sb == sizeof(Scalar) && !swap) {
          std::memcpy(static_cast<void*>(dst), p, n * sizeof(Vec3));
          return;
        }
        for (std::size_t i = 0; i < n; ++i)
          dst[i] = Vec3{binaryScalar(p + (3 * i) * sb), binaryScalar(p + (3 * i + 1) * sb),
                        binaryScalar(p + (3 * i + 2) * sb)};
      },
      range, &r);
  // (ascii items were checked as they were read; binary ones may hold nan or inf)
  if (format_.binary)
    for (std::size_t i = 0; i < out.size(); ++i)
      if (!std::isfinite(out[i].x) || !std::isfinite(out[i].y) || !std::isfinite(out[i].z))
        throw InputError(fmt::format("{}entry {} is not finite", prefix(what), r.first + i));
  if (kept) *kept = r;
  if (listSize) *listSize = count;
  return out;
}

std::vector<Vec3> FoamListReader::readVectorList(std::string_view what) {
  return readVectors(what, nullptr, nullptr, nullptr);
}

ListPart<Vec3> FoamListReader::readVectorListPart(const RangeOfListSize& range, std::string_view what) {
  ListPart<Vec3> part;
  EntryRange kept;
  part.entries = readVectors(what, &range, &kept, &part.listSize);
  part.first = kept.first;
  return part;
}

CompactListPart FoamListReader::readLabelListListRange(const RangeOfListSize* range, std::string_view what) {
  CompactListPart part;
  CompactLabelLists& out = part.lists;
  const ListStart s = openList(what, false);
  auto pushOffset = [&] {
    if (out.values.size() > static_cast<std::size_t>(std::numeric_limits<Label>::max()))
      throw InputError(prefix(what) + "more than 2^31 values in total");
    out.offsets.push_back(static_cast<Label>(out.values.size()));
  };
  std::vector<Label> dropped;  // items outside the range, parsed and forgotten
  // `list.count` items (just after '('), keeping those in r, then ')'.
  auto readItems = [&](const ListStart& list, const EntryRange& r) {
    part.listSize = list.count;
    part.first = r.first;
    out.offsets.reserve(std::min(r.last - r.first, text_.size() - pos_) + 1);
    std::size_t i = 0;
    try {
      for (; i < list.count; ++i) {
        skipSpace();
        if (!atEnd() && text_[pos_] == ')') failCount(list, i);
        if (i >= r.first && i < r.last) {
          appendLabelList(out.values, what, true);
          pushOffset();
        } else {
          dropped.clear();
          appendLabelList(dropped, what, true);
        }
      }
    } catch (const EndOfInput&) {
      failTruncated(what, list.count, i);
    }
    closeSized(list, what, false);
  };
  switch (s.kind) {
    case ListOpen::Empty:
      part.first = rangeOf(range, 0).first;
      return part;
    case ListOpen::Uniform: {
      std::vector<Label> item;
      try {
        appendLabelList(item, what, true);
        closeList('}', what, 1, true);
      } catch (const EndOfInput&) {
        failTruncated(what, s.count, 0);
      }
      const EntryRange r = rangeOf(range, s.count);
      part.listSize = s.count;
      part.first = r.first;
      chargeUniform({s.kind, r.last - r.first, s.start}, item.size() + 1);  // (+1: each item's offset)
      out.offsets.reserve(r.last - r.first + 1);
      for (std::size_t i = r.first; i < r.last; ++i) {
        out.values.insert(out.values.end(), item.begin(), item.end());
        pushOffset();
      }
      return part;
    }
    case ListOpen::Sized:
      readItems(s, rangeOf(range, s.count));
      return part;
    case ListOpen::Unsized:
      if (range != nullptr) {  // the range needs the size: count first, then read as a sized list
        const std::size_t n = countUnsized(what, false, 0, [&] {
          dropped.clear();
          appendLabelList(dropped, what, true);
        });
        readItems({ListOpen::Sized, n, s.start}, rangeOf(range, n));
        return part;
      }
      for (;;) {
        skipSpace();
        if (!atEnd() && text_[pos_] == ')') {
          ++pos_;
          break;
        }
        try {
          if (atEnd()) throw EndOfInput{};
          appendLabelList(out.values, what, true);
        } catch (const EndOfInput&) {
          throw InputError(fmt::format("{}list not closed by ')', file ends after {} entries", prefix(what),
                                       out.offsets.size() - 1));
        }
        pushOffset();
      }
      part.listSize = out.offsets.size() - 1;
      return part;
  }
  return part;
}

CompactLabelLists FoamListReader::readLabelListList(std::string_view what) {
  return readLabelListListRange(nullptr, what).lists;
}

CompactListPart FoamListReader::readLabelListListPart(const RangeOfListSize& range, std::string_view what) {
  return readLabelListListRange(&range, what);
}

CompactListPart FoamListReader::readCompactLabelListListPart(const RangeOfListSize& range, std::string_view what) {
  const std::string offsetsWhat = what.empty() ? std::string("offsets") : fmt::format("{}: offsets", what);
  const std::string valuesWhat = what.empty() ? std::string("values") : fmt::format("{}: values", what);
  // Items [first, last) need offsets [first, last]; the offsets list has one
  // entry more than there are items (or none for an empty list).
  const ListPart<Label> offsets = readLabelListPart(
      [&](std::size_t nOffsets) {
        if (nOffsets == 0) return EntryRange{0, 0};
        const EntryRange items = range(nOffsets - 1);
        return EntryRange{items.first, items.last + 1};
      },
      offsetsWhat);
  const std::vector<Label>& o = offsets.entries;
  CompactListPart part;
  part.listSize = offsets.listSize == 0 ? 0 : offsets.listSize - 1;
  part.first = offsets.first;
  if (!o.empty() && offsets.first == 0 && o.front() != 0)
    throw InputError(fmt::format("{}first offset is {} (must be 0)", prefix(what), o.front()));
  for (std::size_t i = 1; i < o.size(); ++i)
    if (o[i] < o[i - 1])
      throw InputError(fmt::format("{}offsets decrease at item {} ({} after {})", prefix(what),
                                   offsets.first + i - 1, o[i], o[i - 1]));
  // Offsets [first, last] give the values of items [first, last).
  const bool holdsLastOffset = !o.empty() && offsets.first + o.size() == offsets.listSize;
  ListPart<Label> values = readLabelListPart(
      [&](std::size_t nValues) {
        if (o.empty()) return EntryRange{0, 0};
        const auto first = static_cast<std::size_t>(std::max<Label>(o.front(), 0));
        const auto last = static_cast<std::size_t>(std::max<Label>(o.back(), 0));
        if (last > nValues) {
          if (holdsLastOffset)
            throw InputError(fmt::format("{}last offset is {} but there are {} values", prefix(what), o.back(),
                                         nValues));
          throw InputError(fmt::format("{}offset {} of item {} is beyond the {} values", prefix(what), o.back(),
                                       offsets.first + o.size() - 1, nValues));
        }
        return EntryRange{first, last};
      },
      valuesWhat);
  if (offsets.listSize == 0) {  // an empty compact list may be written as two empty lists
    if (values.listSize != 0)
      throw InputError(fmt::format("{}{} values but no offsets", prefix(what), values.listSize));
    return part;
  }
  if (holdsLastOffset && static_cast<std::size_t>(o.back()) != values.listSize)
    throw InputError(fmt::format("{}last offset is {} but there are {} values", prefix(what), o.back(),
                                 values.listSize));
  part.lists.offsets.clear();
  part.lists.offsets.reserve(o.size());
  for (Label offset : o) part.lists.offsets.push_back(offset - o.front());
  part.lists.values = std::move(values.entries);
  return part;
}

CompactLabelLists FoamListReader::readCompactLabelListList(std::string_view what) {
  return readCompactLabelListListPart([](std::size_t n) { return EntryRange{0, n}; }, what).lists;
}

void FoamListReader::expectEnd() {
  skipSpace();
  if (!atEnd()) failAt(pos_, fmt::format("unexpected {} after the list", describe(tokenAt(pos_))));
}

}  // namespace sluice::io
