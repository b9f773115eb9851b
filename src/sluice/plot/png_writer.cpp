#include "sluice/plot/png_writer.hpp"

#include <fstream>
#include <map>
#include <span>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/plot/checksums.hpp"

namespace sluice::plot {

namespace {

void putU32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>((v >> shift) & 0xFFu));
}

void putChunk(std::vector<std::uint8_t>& out, std::string_view type, std::span<const std::uint8_t> data) {
  putU32(out, static_cast<std::uint32_t>(data.size()));
  const std::size_t typeAt = out.size();
  out.insert(out.end(), type.begin(), type.end());
  out.insert(out.end(), data.begin(), data.end());
  putU32(out, crc32(std::span<const std::uint8_t>(out).subspan(typeAt, 4 + data.size())));
}

std::uint32_t key(Rgb c) { return (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | c.b; }

// Palette index of each colour in order of first appearance; empty when the
// image has more than 256 colours.
std::map<std::uint32_t, std::uint8_t> paletteOf(const Image& image) {
  std::map<std::uint32_t, std::uint8_t> palette;
  for (Rgb c : image.pixels()) {
    if (palette.contains(key(c))) continue;
    if (palette.size() == 256) return {};
    palette.emplace(key(c), static_cast<std::uint8_t>(palette.size()));
  }
  return palette;
}

}  // namespace

std::vector<std::uint8_t> encodePng(const Image& image, DeflateMethod method) {
  const auto width = static_cast<std::size_t>(image.width());
  const auto height = static_cast<std::size_t>(image.height());
  const std::map<std::uint32_t, std::uint8_t> palette = paletteOf(image);
  const bool indexed = !palette.empty();
  const std::size_t rowLength = 1 + width * (indexed ? 1 : 3);  // filter byte + samples

  std::vector<std::uint8_t> raw;
  raw.reserve(rowLength * height);
  for (std::size_t y = 0; y < height; ++y) {
    raw.push_back(0);  // filter type 0: none
    for (std::size_t x = 0; x < width; ++x) {
      const Rgb c = image.pixels()[y * width + x];
      if (indexed)
        raw.push_back(palette.at(key(c)));
      else
        raw.insert(raw.end(), {c.r, c.g, c.b});
    }
  }

  std::vector<std::uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<std::uint8_t> ihdr;
  putU32(ihdr, static_cast<std::uint32_t>(width));
  putU32(ihdr, static_cast<std::uint32_t>(height));
  // Bit depth 8, colour type 3 (palette) or 2 (RGB), deflate, filter method 0, no interlace.
  ihdr.insert(ihdr.end(), {8, static_cast<std::uint8_t>(indexed ? 3 : 2), 0, 0, 0});
  putChunk(out, "IHDR", ihdr);
  if (indexed) {
    std::vector<std::uint8_t> plte(3 * palette.size());
    for (const auto& [rgb, i] : palette) {
      plte[3 * i] = static_cast<std::uint8_t>(rgb >> 16);
      plte[3 * i + 1] = static_cast<std::uint8_t>((rgb >> 8) & 0xFFu);
      plte[3 * i + 2] = static_cast<std::uint8_t>(rgb & 0xFFu);
    }
    putChunk(out, "PLTE", plte);
  }
  putChunk(out, "IDAT", zlibCompress(raw, {.method = method, .rowLength = rowLength}));
  putChunk(out, "IEND", {});
  return out;
}

void writePng(const std::filesystem::path& file, const Image& image) {
  const std::vector<std::uint8_t> bytes = encodePng(image);
  std::filesystem::path partial = file;
  partial += ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(partial, ignored);
      throw InputError(fmt::format("{}: cannot write file", file.string()));
    }
  }
  std::error_code ec;
  std::filesystem::rename(partial, file, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(partial, ignored);
    throw InputError(fmt::format("{}: cannot write file ({})", file.string(), ec.message()));
  }
}

}  // namespace sluice::plot
