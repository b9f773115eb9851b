#pragma once
// A zlib stream (RFC 1950 around RFC 1951 deflate) written without zlib:
// either stored blocks (no compression, trivially checkable) or one block
// with deflate's fixed Huffman codes and back-references to the previous byte
// (runs) and to the byte one image row up. That is all a plot needs: its rows
// are long runs of background with a few curves crossing, and runs alone
// shrink it 20 to 50 times; no dynamic Huffman tables, no hash chains.
//
//   std::vector<std::uint8_t> z = zlibCompress(raw, {.method = DeflateMethod::fixedHuffman, .rowLength = 1 + width});
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace sluice::plot {

enum class DeflateMethod { stored, fixedHuffman };

struct ZlibOptions {
  DeflateMethod method = DeflateMethod::fixedHuffman;
  /// Distance of the second back-reference tried (an image row in bytes); 0: runs only.
  std::size_t rowLength = 0;
};

/// `data` as a complete zlib stream: header, deflate blocks, Adler-32.
std::vector<std::uint8_t> zlibCompress(std::span<const std::uint8_t> data, const ZlibOptions& options = {});

}  // namespace sluice::plot
