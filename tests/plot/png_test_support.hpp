#pragma once
// An independent reader of the PNG files sluice writes, for the tests only:
// bitwise CRC-32 and plain Adler-32 (no tables shared with the writer), an
// inflate of stored and fixed-Huffman deflate blocks (RFC 1951 3.2.4-3.2.6,
// the two kinds the writer uses), and a decoder of 8-bit palette and RGB
// images with filter 0. Any departure from the format throws
// std::runtime_error, which fails the test.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "sluice/plot/image.hpp"

namespace sluice::plot::test {

inline std::uint32_t bitwiseCrc32(std::span<const std::uint8_t> bytes) {
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::uint8_t b : bytes) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ ((c & 1u) ? 0xEDB88320u : 0u);
  }
  return ~c;
}

inline std::uint32_t plainAdler32(std::span<const std::uint8_t> bytes) {
  std::uint64_t a = 1, b = 0;
  for (std::uint8_t x : bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return static_cast<std::uint32_t>((b << 16) | a);
}

inline std::uint32_t bigEndian32(std::span<const std::uint8_t> bytes, std::size_t at) {
  if (at + 4 > bytes.size()) throw std::runtime_error("truncated 32-bit value");
  return (std::uint32_t{bytes[at]} << 24) | (std::uint32_t{bytes[at + 1]} << 16) | (std::uint32_t{bytes[at + 2]} << 8) |
         bytes[at + 3];
}

/// What inflateZlib met on the way: how many blocks of each kind.
struct InflateStats {
  int storedBlocks = 0;
  int fixedBlocks = 0;
};

/// Decodes a whole zlib stream; checks header, block types, Adler-32 and that nothing follows.
inline std::vector<std::uint8_t> inflateZlib(std::span<const std::uint8_t> z, InflateStats* stats = nullptr) {
  if (z.size() < 6) throw std::runtime_error("zlib stream too short");
  if ((z[0] & 0x0F) != 8 || (z[0] >> 4) > 7) throw std::runtime_error("zlib: not deflate with a <= 32K window");
  if ((z[0] * 256 + z[1]) % 31 != 0) throw std::runtime_error("zlib: header check fails");
  if (z[1] & 0x20) throw std::runtime_error("zlib: preset dictionary");
  std::size_t byte = 2;
  int bit = 0;
  auto getBit = [&]() -> std::uint32_t {
    if (byte >= z.size()) throw std::runtime_error("deflate: ran past the end");
    const std::uint32_t v = (z[byte] >> bit) & 1u;
    if (++bit == 8) {
      bit = 0;
      ++byte;
    }
    return v;
  };
  auto getBits = [&](int n) {  // LSB first
    std::uint32_t v = 0;
    for (int i = 0; i < n; ++i) v |= getBit() << i;
    return v;
  };
  auto getCode = [&](int n, std::uint32_t start) {  // Huffman: MSB first, continuing `start`
    for (int i = 0; i < n; ++i) start = (start << 1) | getBit();
    return start;
  };
  // RFC 1951 3.2.5, copied from the RFC rather than from the writer.
  static constexpr int lengthBase[] = {3,  4,  5,  6,  7,  8,  9,  10,  11,  13,  15,  17,  19,  23, 27,
                                       31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
  static constexpr int lengthExtra[] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                        2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
  static constexpr int distBase[] = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                     33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                     1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
  static constexpr int distExtra[] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                      6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

  std::vector<std::uint8_t> out;
  bool last = false;
  while (!last) {
    last = getBits(1) == 1;
    const std::uint32_t type = getBits(2);
    if (type == 0) {
      if (stats) ++stats->storedBlocks;
      if (bit != 0) {
        bit = 0;
        ++byte;
      }
      if (byte + 4 > z.size()) throw std::runtime_error("stored block: truncated header");
      const std::uint32_t len = z[byte] | (z[byte + 1] << 8), nlen = z[byte + 2] | (z[byte + 3] << 8);
      if ((len ^ 0xFFFFu) != nlen) throw std::runtime_error("stored block: NLEN is not ~LEN");
      byte += 4;
      if (byte + len > z.size()) throw std::runtime_error("stored block: truncated data");
      out.insert(out.end(), z.begin() + static_cast<std::ptrdiff_t>(byte),
                 z.begin() + static_cast<std::ptrdiff_t>(byte + len));
      byte += len;
    } else if (type == 1) {
      if (stats) ++stats->fixedBlocks;
      while (true) {
        int symbol = 0;
        std::uint32_t code = getCode(7, 0);
        if (code <= 0x17) {
          symbol = 256 + static_cast<int>(code);
        } else {
          code = getCode(1, code);
          if (code >= 0x30 && code <= 0xBF)
            symbol = static_cast<int>(code - 0x30);
          else if (code >= 0xC0 && code <= 0xC7)
            symbol = 280 + static_cast<int>(code - 0xC0);
          else
            symbol = 144 + static_cast<int>(getCode(1, code) - 0x190);
        }
        if (symbol < 256) {
          out.push_back(static_cast<std::uint8_t>(symbol));
        } else if (symbol == 256) {
          break;
        } else {
          if (symbol > 285) throw std::runtime_error("fixed block: length symbol > 285");
          const int li = symbol - 257;
          const int length = lengthBase[li] + static_cast<int>(getBits(lengthExtra[li]));
          const int di = static_cast<int>(getCode(5, 0));
          if (di > 29) throw std::runtime_error("fixed block: distance code > 29");
          const std::size_t distance = static_cast<std::size_t>(distBase[di]) + getBits(distExtra[di]);
          if (distance > out.size()) throw std::runtime_error("fixed block: distance before the start");
          for (int i = 0; i < length; ++i) out.push_back(out[out.size() - distance]);
        }
      }
    } else {
      throw std::runtime_error("deflate: block type " + std::to_string(type) + " (the writer uses 0 and 1 only)");
    }
  }
  if (bit != 0) ++byte;
  if (bigEndian32(z, byte) != plainAdler32(out)) throw std::runtime_error("zlib: Adler-32 does not match");
  if (byte + 4 != z.size()) throw std::runtime_error("zlib: bytes after the Adler-32");
  return out;
}

struct PngChunk {
  std::string type;
  std::vector<std::uint8_t> data;
};

/// The chunks of a PNG file, each CRC checked; throws on a bad signature or CRC.
inline std::vector<PngChunk> pngChunks(std::span<const std::uint8_t> png) {
  static constexpr std::uint8_t signature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (png.size() < 8 || !std::equal(std::begin(signature), std::end(signature), png.begin()))
    throw std::runtime_error("not a PNG signature");
  std::vector<PngChunk> chunks;
  std::size_t at = 8;
  while (at < png.size()) {
    const std::uint32_t length = bigEndian32(png, at);
    if (at + 12 + length > png.size()) throw std::runtime_error("truncated chunk");
    PngChunk c;
    c.type.assign(png.begin() + static_cast<std::ptrdiff_t>(at + 4), png.begin() + static_cast<std::ptrdiff_t>(at + 8));
    c.data.assign(png.begin() + static_cast<std::ptrdiff_t>(at + 8),
                  png.begin() + static_cast<std::ptrdiff_t>(at + 8 + length));
    if (bitwiseCrc32(png.subspan(at + 4, 4 + length)) != bigEndian32(png, at + 8 + length))
      throw std::runtime_error("CRC of chunk " + c.type + " does not match");
    chunks.push_back(std::move(c));
    at += 12 + length;
  }
  return chunks;
}

struct DecodedPng {
  int width = 0, height = 0;
  int colourType = 0;
  std::vector<Rgb> palette;
  std::vector<Rgb> pixels;  ///< row by row from the top left
  InflateStats blocks;
  Rgb at(int x, int y) const { return pixels[static_cast<std::size_t>(y * width + x)]; }
};

/// Decodes an 8-bit palette or RGB, non-interlaced PNG with filter type 0 on every row.
inline DecodedPng decodePng(std::span<const std::uint8_t> png) {
  const std::vector<PngChunk> chunks = pngChunks(png);
  if (chunks.empty() || chunks.front().type != "IHDR" || chunks.front().data.size() != 13)
    throw std::runtime_error("the first chunk is not a 13-byte IHDR");
  if (chunks.back().type != "IEND" || !chunks.back().data.empty()) throw std::runtime_error("no empty IEND at the end");
  const std::vector<std::uint8_t>& h = chunks.front().data;
  DecodedPng d;
  d.width = static_cast<int>(bigEndian32(h, 0));
  d.height = static_cast<int>(bigEndian32(h, 4));
  d.colourType = h[9];
  if (h[8] != 8 || (d.colourType != 2 && d.colourType != 3) || h[10] != 0 || h[11] != 0 || h[12] != 0)
    throw std::runtime_error("IHDR: not 8-bit palette or RGB, deflate, filter 0, no interlace");
  std::vector<std::uint8_t> idat;
  for (const PngChunk& c : chunks) {
    if (c.type == "PLTE")
      for (std::size_t i = 0; i + 2 < c.data.size(); i += 3)
        d.palette.push_back({c.data[i], c.data[i + 1], c.data[i + 2]});
    if (c.type == "IDAT") idat.insert(idat.end(), c.data.begin(), c.data.end());
  }
  if (d.colourType == 3 && d.palette.empty()) throw std::runtime_error("palette image without PLTE");
  const std::vector<std::uint8_t> raw = inflateZlib(idat, &d.blocks);
  const std::size_t bpp = d.colourType == 3 ? 1 : 3;
  const std::size_t stride = 1 + bpp * static_cast<std::size_t>(d.width);
  if (raw.size() != stride * static_cast<std::size_t>(d.height))
    throw std::runtime_error("image data of the wrong size");
  for (int y = 0; y < d.height; ++y) {
    const std::size_t row = static_cast<std::size_t>(y) * stride;
    if (raw[row] != 0) throw std::runtime_error("row filter is not 0");
    for (int x = 0; x < d.width; ++x) {
      const std::size_t p = row + 1 + bpp * static_cast<std::size_t>(x);
      if (d.colourType == 3) {
        if (raw[p] >= d.palette.size()) throw std::runtime_error("palette index out of range");
        d.pixels.push_back(d.palette[raw[p]]);
      } else {
        d.pixels.push_back({raw[p], raw[p + 1], raw[p + 2]});
      }
    }
  }
  return d;
}

}  // namespace sluice::plot::test
