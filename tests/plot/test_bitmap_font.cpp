// The bitmap font: every printable character has a glyph of its own, text is
// drawn where and as wide as said, others show a box.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "sluice/plot/bitmap_font.hpp"

namespace sluice::plot {
namespace {

constexpr Rgb kWhite{255, 255, 255};
constexpr Rgb kInk{0, 0, 0};

std::vector<bool> picture(char c) {
  std::vector<bool> p;
  for (int row = 0; row < kGlyphHeight; ++row)
    for (int col = 0; col < kGlyphWidth; ++col) p.push_back(glyphPixel(c, col, row));
  return p;
}

TEST(BitmapFont, EveryPrintableCharacterHasADistinctGlyph) {
  std::set<std::vector<bool>> seen;
  for (char c = 33; c < 127; ++c) {
    ASSERT_TRUE(hasGlyph(c)) << c;
    const std::vector<bool> p = picture(c);
    EXPECT_NE(std::count(p.begin(), p.end(), true), 0) << "blank glyph for " << c;
    EXPECT_TRUE(seen.insert(p).second) << "glyph of '" << c << "' repeats another";
  }
  EXPECT_TRUE(hasGlyph(' '));
  const std::vector<bool> space = picture(' ');
  EXPECT_EQ(std::count(space.begin(), space.end(), true), 0);
}

TEST(BitmapFont, DescendersGoBelowTheBaseline) {
  for (char c : std::string("gjpqy_,")) {
    bool below = false;
    for (int col = 0; col < kGlyphWidth; ++col) below = below || glyphPixel(c, col, kCapHeight);
    EXPECT_TRUE(below) << c;
  }
  for (char c : std::string("0Ex.e")) {
    for (int col = 0; col < kGlyphWidth; ++col) EXPECT_FALSE(glyphPixel(c, col, kCapHeight)) << c;
  }
}

TEST(BitmapFont, OtherCharactersAreABox) {
  EXPECT_FALSE(hasGlyph('\t'));
  EXPECT_FALSE(hasGlyph(static_cast<char>(0xC3)));
  EXPECT_TRUE(glyphPixel('\t', 0, 0));
  EXPECT_TRUE(glyphPixel('\t', 4, 6));
  EXPECT_FALSE(glyphPixel('\t', 2, 3));
}

TEST(BitmapFont, TextIsDrawnAtItsPlaceAndWidth) {
  EXPECT_EQ(textWidth(""), 0);
  EXPECT_EQ(textWidth("1"), 5);
  EXPECT_EQ(textWidth("1e-6"), 23);
  EXPECT_EQ(textWidth("1e-6", 2), 46);
  RasterCanvas c(40, 20, kWhite);
  drawText(c, 3, 4, "L1", kInk);
  // 'L': the left column and the bottom row of the cell at (3, 4).
  for (int row = 0; row < 7; ++row) EXPECT_EQ(c.image().at(3, 4 + row), kInk) << row;
  for (int col = 0; col < 5; ++col) EXPECT_EQ(c.image().at(3 + col, 10), kInk) << col;
  EXPECT_EQ(c.image().at(4, 4), kWhite);
  // '1': its top pixel in the middle column of the next cell.
  EXPECT_EQ(c.image().at(3 + 6 + 2, 4), kInk);
  int inked = 0;
  for (Rgb p : c.image().pixels()) inked += p == kInk;
  const std::vector<bool> l = picture('L'), one = picture('1');
  EXPECT_EQ(inked, std::count(l.begin(), l.end(), true) + std::count(one.begin(), one.end(), true));
}

}  // namespace
}  // namespace sluice::plot
