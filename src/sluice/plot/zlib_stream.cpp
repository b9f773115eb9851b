#include "sluice/plot/zlib_stream.hpp"

#include <algorithm>
#include <array>

#include "sluice/plot/checksums.hpp"

namespace sluice::plot {

namespace {

// Deflate packs bits from the least significant end of each byte; Huffman
// codes go in most significant bit first, so they are reversed on the way.
class BitWriter {
 public:
  explicit BitWriter(std::vector<std::uint8_t>& out) : out_(out) {}

  void bits(std::uint32_t value, int count) {
    acc_ |= value << used_;
    used_ += count;
    while (used_ >= 8) {
      out_.push_back(static_cast<std::uint8_t>(acc_ & 0xFFu));
      acc_ >>= 8;
      used_ -= 8;
    }
  }

  void code(std::uint32_t code, int length) {
    std::uint32_t reversed = 0;
    for (int i = 0; i < length; ++i) reversed |= ((code >> i) & 1u) << (length - 1 - i);
    bits(reversed, length);
  }

  void alignToByte() {
    if (used_ > 0) bits(0, 8 - used_);
  }

 private:
  std::vector<std::uint8_t>& out_;
  std::uint32_t acc_ = 0;
  int used_ = 0;
};

// RFC 1951 3.2.5: length and distance codes, their base values and extra bits.
constexpr std::array<int, 29> kLengthBase = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                             31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<int, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                              2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<int, 30> kDistanceBase = {1,   2,   3,   4,   5,   7,    9,    13,   17,   25,
                                               33,  49,  65,  97,  129, 193,  257,  385,  513,  769,
                                               1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<int, 30> kDistanceExtra = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
constexpr std::size_t kMinMatch = 3;
constexpr std::size_t kMaxMatch = 258;
constexpr std::size_t kMaxDistance = 32768;

// RFC 1951 3.2.6: the fixed literal/length code.
void writeSymbol(BitWriter& w, int symbol) {
  if (symbol < 144)
    w.code(0x30 + symbol, 8);
  else if (symbol < 256)
    w.code(0x190 + (symbol - 144), 9);
  else if (symbol < 280)
    w.code(symbol - 256, 7);
  else
    w.code(0xC0 + (symbol - 280), 8);
}

template <std::size_t N>
std::size_t codeIndex(const std::array<int, N>& base, int value) {
  std::size_t i = N - 1;
  while (base[i] > value) --i;
  return i;
}

void writeMatch(BitWriter& w, int length, int distance) {
  const std::size_t li = codeIndex(kLengthBase, length);
  writeSymbol(w, 257 + static_cast<int>(li));
  w.bits(static_cast<std::uint32_t>(length - kLengthBase[li]), kLengthExtra[li]);
  const std::size_t di = codeIndex(kDistanceBase, distance);
  w.code(static_cast<std::uint32_t>(di), 5);
  w.bits(static_cast<std::uint32_t>(distance - kDistanceBase[di]), kDistanceExtra[di]);
}

std::size_t matchLength(std::span<const std::uint8_t> data, std::size_t pos, std::size_t distance) {
  if (distance == 0 || distance > pos || distance > kMaxDistance) return 0;
  const std::size_t limit = std::min(kMaxMatch, data.size() - pos);
  std::size_t n = 0;
  while (n < limit && data[pos + n] == data[pos + n - distance]) ++n;
  return n;
}

void deflateStored(std::span<const std::uint8_t> data, std::vector<std::uint8_t>& out) {
  BitWriter w(out);
  std::size_t pos = 0;
  do {
    const std::size_t n = std::min<std::size_t>(65535, data.size() - pos);
    const bool last = pos + n == data.size();
    w.bits(last ? 1 : 0, 1);
    w.bits(0, 2);  // BTYPE 00: stored
    w.alignToByte();
    w.bits(static_cast<std::uint32_t>(n), 16);
    w.bits(static_cast<std::uint32_t>(~n & 0xFFFFu), 16);
    out.insert(out.end(), data.begin() + static_cast<std::ptrdiff_t>(pos),
               data.begin() + static_cast<std::ptrdiff_t>(pos + n));
    pos += n;
  } while (pos < data.size());
}

void deflateFixed(std::span<const std::uint8_t> data, std::size_t rowLength, std::vector<std::uint8_t>& out) {
  BitWriter w(out);
  w.bits(1, 1);  // the only block
  w.bits(1, 2);  // BTYPE 01: fixed Huffman codes
  std::size_t pos = 0;
  while (pos < data.size()) {
    const std::size_t run = matchLength(data, pos, 1);
    const std::size_t up = matchLength(data, pos, rowLength);
    const std::size_t length = std::max(run, up);
    if (length >= kMinMatch) {
      writeMatch(w, static_cast<int>(length), static_cast<int>(up > run ? rowLength : 1));
      pos += length;
    } else {
      writeSymbol(w, data[pos]);
      ++pos;
    }
  }
  writeSymbol(w, 256);  // end of block
  w.alignToByte();
}

}  // namespace

std::vector<std::uint8_t> zlibCompress(std::span<const std::uint8_t> data, const ZlibOptions& options) {
  std::vector<std::uint8_t> out = {0x78, 0x01};  // deflate, 32K window, no dictionary; 0x7801 % 31 == 0
  if (options.method == DeflateMethod::stored)
    deflateStored(data, out);
  else
    deflateFixed(data, options.rowLength, out);
  const std::uint32_t a = adler32(data);
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>((a >> shift) & 0xFFu));
  return out;
}

}  // namespace sluice::plot
