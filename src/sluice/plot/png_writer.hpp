#pragma once
// PNG files written by hand (no libpng or zlib: see ARCHITECTURE.md). An
// image with at most 256 colours, which is every plot, becomes an 8-bit
// palette image (colour type 3, a PLTE chunk); more colours give 8-bit RGB
// (colour type 2). Rows are unfiltered (filter 0) and the IDAT data is one
// zlib stream (zlib_stream.hpp), fixed Huffman by default, stored blocks on
// request. Chunks: IHDR, [PLTE], IDAT, IEND, each with its CRC-32.
//
//   std::vector<std::uint8_t> bytes = encodePng(image);
//   writePng("postProcessing/plot.png", image);   // InputError "<file>: cannot write file"
#include <cstdint>
#include <filesystem>
#include <vector>

#include "sluice/plot/image.hpp"
#include "sluice/plot/zlib_stream.hpp"

namespace sluice::plot {

std::vector<std::uint8_t> encodePng(const Image& image, DeflateMethod method = DeflateMethod::fixedHuffman);

/// Writes the PNG next to `file` first and renames it into place, so a viewer
/// that reloads the file (`sluice plot --live`) never sees half of it.
void writePng(const std::filesystem::path& file, const Image& image);

}  // namespace sluice::plot
