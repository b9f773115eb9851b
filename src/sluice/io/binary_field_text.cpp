#include "sluice/io/binary_field_text.hpp"

#include <regex>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/foam_header.hpp"
#include "sluice/io/foam_list_reader.hpp"

namespace sluice::io {

namespace {

/// `N ( item ... )` one item per line, as OpenFOAM writes ascii lists; `0()` when empty.
template <class T, class Format>
void appendAsciiList(std::string& out, const std::vector<T>& values, Format item) {
  if (values.empty()) {
    out += " 0()";
    return;
  }
  out += fmt::format(" \n{}\n(\n", values.size());
  for (const T& v : values) {
    item(out, v);
    out += '\n';
  }
  out += ')';
}

}  // namespace

std::string asciiFieldText(std::string text, const std::string& file) {
  const FoamHeader h = readFoamHeader(text, file);
  if (!h.hasHeader() || h.format() != "binary") return text;
  const Dictionary& foamFile = h.header.subDict("FoamFile");
  const FoamStreamFormat format =
      FoamStreamFormat::fromHeader(true, foamFile.getOr<std::string>("arch", ""), file);

  static const std::regex binaryFormat(R"((\bformat\s+)binary(\s*;))");
  std::string out = std::regex_replace(text.substr(0, h.bodyOffset), binaryFormat, "$1ascii$2",
                                       std::regex_constants::format_first_only);
  // Text between the lists is copied; each list is read (the reader jumps
  // over its raw bytes, so nothing inside them is taken for text).
  std::size_t pos = h.bodyOffset;
  for (;;) {
    const std::size_t at = text.find("List<", pos);
    const std::size_t close = at == std::string::npos ? at : text.find('>', at);
    if (close == std::string::npos) {
      out.append(text, pos);
      return out;
    }
    const std::string type = text.substr(at + 5, close - at - 5);
    out.append(text, pos, close + 1 - pos);
    FoamListReader in(text, close + 1, format, file);
    const std::string what = "List<" + type + ">";
    if (type == "scalar") {
      appendAsciiList(out, in.readScalarList(what), [](std::string& s, Scalar v) { s += fmt::format("{}", v); });
    } else if (type == "vector") {
      appendAsciiList(out, in.readVectorList(what),
                      [](std::string& s, const Vec3& v) { s += fmt::format("({} {} {})", v.x, v.y, v.z); });
    } else if (type == "label") {
      appendAsciiList(out, in.readLabelList(what), [](std::string& s, Label v) { s += fmt::format("{}", v); });
    } else {
      throw InputError(fmt::format("{}: a binary List<{}> is not read (binary List<scalar>, List<vector> and "
                                   "List<label> are; foamFormatConvert writes the file as ascii)",
                                   file, type));
    }
    pos = in.position();
  }
}

}  // namespace sluice::io
