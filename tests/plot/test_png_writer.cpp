// The PNG byte stream: signature, chunk order and CRCs, IHDR, and the pixels
// given back by an inflate written for the tests (png_test_support.hpp),
// for stored and fixed-Huffman blocks, palette and RGB images.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "plot/png_test_support.hpp"
#include "sluice/core/error.hpp"
#include "sluice/plot/png_writer.hpp"
#include "sluice/plot/zlib_stream.hpp"
#include "support/temp_dir.hpp"

namespace sluice::plot {
namespace {

// 37 x 23 pixels: a white background, a red diagonal, a blue block, and one
// green pixel at the bottom right corner.
Image smallPicture() {
  Image image(37, 23, {255, 255, 255});
  for (int i = 0; i < 23; ++i) image.set(i, i, {200, 0, 0});
  for (int y = 3; y < 9; ++y)
    for (int x = 20; x < 30; ++x) image.set(x, y, {0, 0, 255});
  image.set(36, 22, {0, 160, 0});
  return image;
}

void expectSamePixels(const Image& image, const test::DecodedPng& png) {
  ASSERT_EQ(png.width, image.width());
  ASSERT_EQ(png.height, image.height());
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) ASSERT_EQ(png.at(x, y), image.at(x, y)) << "pixel " << x << ", " << y;
}

TEST(PngWriter, SignatureChunksAndHeader) {
  const std::vector<std::uint8_t> png = encodePng(smallPicture());
  const std::vector<test::PngChunk> chunks = test::pngChunks(png);  // checks every CRC
  ASSERT_EQ(chunks.size(), 4u);
  EXPECT_EQ(chunks[0].type, "IHDR");
  EXPECT_EQ(chunks[1].type, "PLTE");
  EXPECT_EQ(chunks[2].type, "IDAT");
  EXPECT_EQ(chunks[3].type, "IEND");
  const std::vector<std::uint8_t> ihdr = {0, 0, 0, 37, 0, 0, 0, 23, 8, 3, 0, 0, 0};
  EXPECT_EQ(chunks[0].data, ihdr);
  EXPECT_EQ(chunks[1].data.size(), 4u * 3);  // four colours
}

TEST(PngWriter, ADamagedByteFailsTheCrc) {
  std::vector<std::uint8_t> png = encodePng(smallPicture());
  png[8 + 8 + 5] ^= 0x01;  // inside IHDR's data
  EXPECT_THROW(test::pngChunks(png), std::runtime_error);
}

TEST(PngWriter, StoredBlocksInflateToThePixels) {
  const Image image = smallPicture();
  const test::DecodedPng png = test::decodePng(encodePng(image, DeflateMethod::stored));
  EXPECT_EQ(png.colourType, 3);
  EXPECT_GE(png.blocks.storedBlocks, 1);
  EXPECT_EQ(png.blocks.fixedBlocks, 0);
  expectSamePixels(image, png);
}

TEST(PngWriter, FixedHuffmanBlocksInflateToThePixels) {
  const Image image = smallPicture();
  const test::DecodedPng png = test::decodePng(encodePng(image, DeflateMethod::fixedHuffman));
  EXPECT_EQ(png.blocks.fixedBlocks, 1);
  expectSamePixels(image, png);
  EXPECT_LT(encodePng(image).size(), encodePng(image, DeflateMethod::stored).size());
}

TEST(PngWriter, MoreThan256ColoursIsRgb) {
  Image image(40, 10, {0, 0, 0});
  for (int y = 0; y < 10; ++y)
    for (int x = 0; x < 40; ++x)
      image.set(x, y, {static_cast<std::uint8_t>(x * 6), static_cast<std::uint8_t>(y * 25), 7});  // 400 colours
  for (DeflateMethod method : {DeflateMethod::stored, DeflateMethod::fixedHuffman}) {
    const test::DecodedPng png = test::decodePng(encodePng(image, method));
    EXPECT_EQ(png.colourType, 2);
    EXPECT_TRUE(png.palette.empty());
    expectSamePixels(image, png);
  }
}

TEST(PngWriter, StoredBlocksSplitAt65535Bytes) {
  std::vector<std::uint8_t> data(150000);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<std::uint8_t>(i * 31 + (i >> 9));
  test::InflateStats stats;
  EXPECT_EQ(test::inflateZlib(zlibCompress(data, {.method = DeflateMethod::stored}), &stats), data);
  EXPECT_EQ(stats.storedBlocks, 3);
  EXPECT_EQ(test::inflateZlib(zlibCompress({}, {.method = DeflateMethod::stored})), std::vector<std::uint8_t>{});
}

TEST(PngWriter, FixedHuffmanRoundTripsRunsRowsAndAllByteValues) {
  // Every literal length class (0..143, 144..255), runs of every length up
  // to 300 (each length code and its extra bits) and row references at a
  // distance of 1001.
  std::vector<std::uint8_t> data;
  for (int v = 0; v < 256; ++v) data.push_back(static_cast<std::uint8_t>(v));
  for (int n = 1; n <= 300; ++n) {
    data.push_back(static_cast<std::uint8_t>(n));  // a literal, then a run of n - 1
    data.insert(data.end(), static_cast<std::size_t>(n), static_cast<std::uint8_t>(n));
  }
  std::vector<std::uint8_t> row(1001);
  for (std::size_t i = 0; i < row.size(); ++i) row[i] = static_cast<std::uint8_t>((i * i) % 251);
  for (int r = 0; r < 4; ++r) data.insert(data.end(), row.begin(), row.end());
  EXPECT_EQ(test::inflateZlib(zlibCompress(data, {.rowLength = 1001})), data);
  EXPECT_EQ(test::inflateZlib(zlibCompress(data, {.rowLength = 0})), data);
}

TEST(PngWriter, WritesTheFileAndNamesItOnFailure) {
  sluice::test::TempDir dir("plot-png");
  const Image image = smallPicture();
  const std::filesystem::path file = dir.path() / "a.png";
  writePng(file, image);
  const std::string text = sluice::test::readText(file);
  EXPECT_EQ(std::vector<std::uint8_t>(text.begin(), text.end()), encodePng(image));
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "a.png.partial"));
  try {
    writePng(dir.path() / "no-such-folder/b.png", image);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-folder/b.png: cannot write file"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace sluice::plot
