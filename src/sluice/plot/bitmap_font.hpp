#pragma once
// A small bitmap font drawn by our own code: printable ASCII (32..126) as
// hand-made 5 x 7 glyphs with two more rows for descenders (g, j, p, q, y,
// _, comma), in cells 6 pixels wide. Any other character shows as a hollow
// box. Text can be scaled by whole pixels.
//
//   drawText(canvas, 20, 10, "Initial residuals", kBlack);         // top left of the first cell at (20, 10)
//   int w = textWidth("1e-6");                                      // 23: 4 cells less the last gap
//   drawText(canvas, x, y, "Courant number", kBlack, 2);            // twice as large
#include <string_view>

#include "sluice/plot/raster_canvas.hpp"

namespace sluice::plot {

/// Glyph size in font pixels: 5 wide, 7 above the baseline and 2 below.
inline constexpr int kGlyphWidth = 5;
inline constexpr int kGlyphHeight = 9;
inline constexpr int kCapHeight = 7;
/// Horizontal advance from one character to the next.
inline constexpr int kGlyphAdvance = 6;

/// True when `c` has a glyph of its own (not the box).
bool hasGlyph(char c);

/// Whether the pixel (column, row) of `c`'s glyph is set; column 0..4, row 0..8.
bool glyphPixel(char c, int column, int row);

/// Width in canvas pixels of `text` (no trailing gap); 0 for "".
int textWidth(std::string_view text, int scale = 1);

/// Height in canvas pixels of a line of text, descenders included.
inline int textHeight(int scale = 1) { return kGlyphHeight * scale; }

/// Draws `text` with the top left of its first cell at (x, y).
void drawText(RasterCanvas& canvas, int x, int y, std::string_view text, Rgb colour, int scale = 1);

}  // namespace sluice::plot
