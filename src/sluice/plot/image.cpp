#include "sluice/plot/image.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::plot {

Image::Image(int width, int height, Rgb background) : width_(width), height_(height) {
  if (width <= 0 || height <= 0) throw Error(fmt::format("image size {} x {} is not positive", width, height));
  pixels_.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), background);
}

}  // namespace sluice::plot
