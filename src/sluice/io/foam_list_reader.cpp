#include "sluice/io/foam_list_reader.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <limits>

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

template <class T, class AsciiItem, class BinaryItems>
std::size_t FoamListReader::readListInto(std::vector<T>& out, std::string_view what, bool nested,
                                         std::size_t itemBytes, AsciiItem asciiItem, BinaryItems binaryItems) {
  const ListStart s = openList(what, nested);
  const std::size_t before = out.size();
  switch (s.kind) {
    case ListOpen::Empty:
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
      chargeUniform(s, 1);
      out.insert(out.end(), s.count, value);
      return s.count;
    }
    case ListOpen::Sized:
      if (format_.binary) {
        const char* p = binaryBlock(what, s.count, itemBytes, nested);
        out.resize(before + s.count);
        // An empty list may leave out.data() null: no memcpy to it.
        if (s.count > 0) binaryItems(p, out.data() + before, s.count);
        return s.count;
      }
      // (nested lists append to a shared vector: exact reserves there would defeat geometric growth)
      if (!nested) out.reserve(before + std::min(s.count, (text_.size() - pos_) / 2 + 1));
      try {
        for (std::size_t i = 0; i < s.count; ++i) {
          skipSpace();
          if (!atEnd() && text_[pos_] == ')') failCount(s, i);
          out.push_back(asciiItem());
        }
      } catch (const EndOfInput&) {
        if (nested) throw;
        failTruncated(what, s.count, out.size() - before);
      }
      closeSized(s, what, nested);
      return s.count;
    case ListOpen::Unsized:
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
      return out.size() - before;
  }
  return 0;
}

std::size_t FoamListReader::appendLabelList(std::vector<Label>& out, std::string_view what, bool nested) {
  const bool swap = format_.bigEndian != (std::endian::native == std::endian::big);
  return readListInto(
      out, what, nested, static_cast<std::size_t>(format_.labelBytes), [this] { return asciiLabel(); },
      [&](const char* p, Label* dst, std::size_t n) {
        if (format_.labelBytes == 4 && !swap) {
          std::memcpy(dst, p, n * sizeof(Label));
          return;
        }
        for (std::size_t i = 0; i < n; ++i) dst[i] = binaryLabel(p + i * format_.labelBytes, i, what);
      });
}

std::vector<Label> FoamListReader::readLabelList(std::string_view what) {
  std::vector<Label> out;
  appendLabelList(out, what, false);
  return out;
}

std::vector<Scalar> FoamListReader::readScalarList(std::string_view what) {
  std::vector<Scalar> out;
  readListInto(
      out, what, false, static_cast<std::size_t>(format_.scalarBytes), [this] { return asciiScalar(); },
      [&](const char* p, Scalar* dst, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) dst[i] = binaryScalar(p + i * format_.scalarBytes);
      });
  // (ascii items were checked as they were read; binary ones may hold nan or inf)
  if (format_.binary)
    for (std::size_t i = 0; i < out.size(); ++i)
      if (!std::isfinite(out[i])) throw InputError(fmt::format("{}entry {} is not finite", prefix(what), i));
  return out;
}

std::vector<Vec3> FoamListReader::readVectorList(std::string_view what) {
  static_assert(sizeof(Vec3) == 3 * sizeof(Scalar), "Vec3 must be three packed scalars");
  std::vector<Vec3> out;
  const auto sb = static_cast<std::size_t>(format_.scalarBytes);
  const bool swap = format_.bigEndian != (std::endian::native == std::endian::big);
  readListInto(
      out, what, false, 3 * sb, [this] { return asciiVector(); },
      [&](const char* p, Vec3* dst, std::size_t n) {
        if (sb == sizeof(Scalar) && !swap) {
          std::memcpy(static_cast<void*>(dst), p, n * sizeof(Vec3));
          return;
        }
        for (std::size_t i = 0; i < n; ++i)
          dst[i] = Vec3{binaryScalar(p + (3 * i) * sb), binaryScalar(p + (3 * i + 1) * sb),
                        binaryScalar(p + (3 * i + 2) * sb)};
      });
  // (ascii items were checked as they were read; binary ones may hold nan or inf)
  if (format_.binary)
    for (std::size_t i = 0; i < out.size(); ++i)
      if (!std::isfinite(out[i].x) || !std::isfinite(out[i].y) || !std::isfinite(out[i].z))
        throw InputError(fmt::format("{}entry {} is not finite", prefix(what), i));
  return out;
}

CompactLabelLists FoamListReader::readLabelListList(std::string_view what) {
  CompactLabelLists out;
  const ListStart s = openList(what, false);
  auto pushOffset = [&] {
    if (out.values.size() > static_cast<std::size_t>(std::numeric_limits<Label>::max()))
      throw InputError(prefix(what) + "more than 2^31 values in total");
    out.offsets.push_back(static_cast<Label>(out.values.size()));
  };
  switch (s.kind) {
    case ListOpen::Empty:
      return out;
    case ListOpen::Uniform: {
      std::vector<Label> item;
      try {
        appendLabelList(item, what, true);
        closeList('}', what, 1, true);
      } catch (const EndOfInput&) {
        failTruncated(what, s.count, 0);
      }
      chargeUniform(s, item.size() + 1);  // (+1: each item's offset)
      out.offsets.reserve(s.count + 1);
      for (std::size_t i = 0; i < s.count; ++i) {
        out.values.insert(out.values.end(), item.begin(), item.end());
        pushOffset();
      }
      return out;
    }
    case ListOpen::Sized:
      out.offsets.reserve(std::min(s.count, text_.size() - pos_) + 1);
      try {
        for (std::size_t i = 0; i < s.count; ++i) {
          skipSpace();
          if (!atEnd() && text_[pos_] == ')') failCount(s, i);
          appendLabelList(out.values, what, true);
          pushOffset();
        }
      } catch (const EndOfInput&) {
        failTruncated(what, s.count, out.offsets.size() - 1);
      }
      closeSized(s, what, false);
      return out;
    case ListOpen::Unsized:
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
      return out;
  }
  return out;
}

CompactLabelLists FoamListReader::readCompactLabelListList(std::string_view what) {
  const std::string offsetsWhat = what.empty() ? std::string("offsets") : fmt::format("{}: offsets", what);
  const std::string valuesWhat = what.empty() ? std::string("values") : fmt::format("{}: values", what);
  CompactLabelLists out;
  out.offsets = readLabelList(offsetsWhat);
  out.values = readLabelList(valuesWhat);
  if (out.offsets.empty()) {  // an empty compact list may be written as two empty lists
    if (!out.values.empty())
      throw InputError(fmt::format("{}{} values but no offsets", prefix(what), out.values.size()));
    out.offsets.push_back(0);
    return out;
  }
  if (out.offsets.front() != 0)
    throw InputError(fmt::format("{}first offset is {} (must be 0)", prefix(what), out.offsets.front()));
  for (std::size_t i = 1; i < out.offsets.size(); ++i)
    if (out.offsets[i] < out.offsets[i - 1])
      throw InputError(fmt::format("{}offsets decrease at item {} ({} after {})", prefix(what), i - 1,
                                   out.offsets[i], out.offsets[i - 1]));
  if (static_cast<std::size_t>(out.offsets.back()) != out.values.size())
    throw InputError(fmt::format("{}last offset is {} but there are {} values", prefix(what), out.offsets.back(),
                                 out.values.size()));
  return out;
}

void FoamListReader::expectEnd() {
  skipSpace();
  if (!atEnd()) failAt(pos_, fmt::format("unexpected {} after the list", describe(tokenAt(pos_))));
}

}  // namespace sluice::io
