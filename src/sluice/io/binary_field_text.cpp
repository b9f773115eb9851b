#include "sluice/io/binary_field_text.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
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

/// ` N (` items `)` as OpenFOAM writes a list: ascii one item a line,
/// binary the raw items back to back; ` 0()` when empty.
template <class T, class Item>
void appendList(std::string& out, const std::vector<T>& values, bool binary, Item item) {
  if (values.empty()) {
    out += " 0()";
    return;
  }
  out += fmt::format(" \n{}\n({}", values.size(), binary ? "" : "\n");
  for (const T& v : values) {
    item(out, v);
    if (!binary) out += '\n';
  }
  out += ')';
}

template <class T>
void appendRaw(std::string& out, T value) {
  static_assert(std::endian::native == std::endian::little, "binary lists are written little-endian");
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

/// `out` followed by `text` from byte `from`, copied list by list: the text
/// between the lists as it is, each List<T> after its "List<T>" handed to
/// `list(out, T, reader at the list)`, which reads and appends it.
template <class List>
std::string rewriteLists(std::string_view text, std::size_t from, std::string out, FoamStreamFormat format,
                         const std::string& file, List list) {
  std::size_t pos = from;
  for (;;) {
    const std::size_t at = text.find("List<", pos);
    const std::size_t close = at == std::string_view::npos ? at : text.find('>', at);
    if (close == std::string_view::npos) {
      out.append(text.substr(pos));
      return out;
    }
    const std::string type(text.substr(at + 5, close - at - 5));
    out.append(text.substr(pos, close + 1 - pos));
    FoamListReader in(text, close + 1, format, file);
    list(out, type, in);
    pos = in.position();
  }
}

/// Converts the list the reader is at (after its "List<type>") to ascii
/// text or, with `binary`, to binary (little-endian, label=32, scalar=64).
void convertList(std::string& out, const std::string& type, FoamListReader& in, bool binary, const std::string& file) {
  const std::string what = "List<" + type + ">";
  if (type == "scalar") {
    appendList(out, in.readScalarList(what), binary, [binary](std::string& s, Scalar v) {
      if (binary) appendRaw(s, v);
      else s += fmt::format("{}", v);
    });
  } else if (type == "vector") {
    appendList(out, in.readVectorList(what), binary, [binary](std::string& s, const Vec3& v) {
      if (!binary) {
        s += fmt::format("({} {} {})", v.x, v.y, v.z);
        return;
      }
      appendRaw(s, v.x);
      appendRaw(s, v.y);
      appendRaw(s, v.z);
    });
  } else if (type == "label") {
    appendList(out, in.readLabelList(what), binary, [&](std::string& s, Label v) {
      if (!binary) {
        s += fmt::format("{}", v);
        return;
      }
      if (v != static_cast<std::int32_t>(v))
        throw InputError(fmt::format("{}: label {} does not fit label=32 binary lists", file, v));
      appendRaw(s, static_cast<std::int32_t>(v));
    });
  } else if (binary) {
    throw InputError(fmt::format("{}: a List<{}> is not written as binary (List<scalar>, List<vector> and "
                                 "List<label> are)",
                                 file, type));
  } else {
    throw InputError(fmt::format("{}: a binary List<{}> is not read (binary List<scalar>, List<vector> and "
                                 "List<label> are; foamFormatConvert writes the file as ascii)",
                                 file, type));
  }
}

}  // namespace

std::string binaryListsText(std::string_view text, const std::string& file) {
  return rewriteLists(text, 0, std::string(), FoamStreamFormat{}, file,
                      [&](std::string& out, const std::string& type, FoamListReader& in) {
                        convertList(out, type, in, true, file);
                      });
}

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
  return rewriteLists(text, h.bodyOffset, std::move(out), format, file,
                      [&](std::string& to, const std::string& type, FoamListReader& in) {
                        convertList(to, type, in, false, file);
                      });
}

}  // namespace sluice::io
