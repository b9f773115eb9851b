#include "sluice/core/json_writer.hpp"

#include <cmath>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/core/utf8.hpp"

namespace sluice {

std::string jsonString(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (c < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else if (const std::size_t n = utf8SequenceLength(text, i); n > 0) {
          out.append(text.substr(i, n));
          i += n;
          continue;
        } else {
          // Not UTF-8 (a Latin-1 file name, a cut sequence): the byte as the
          // Latin-1 character it would be, so the document stays valid JSON.
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        }
    }
    ++i;
  }
  out += '"';
  return out;
}

std::string jsonNumber(double v) {
  if (!std::isfinite(v)) return "null";
  return fmt::format("{:.17g}", v);
}

void JsonWriter::newline(std::size_t depth) {
  if (indent_ <= 0) return;
  out_ += '\n';
  out_.append(depth * static_cast<std::size_t>(indent_), ' ');
}

void JsonWriter::beforeValue() {
  if (stack_.empty()) {
    if (!out_.empty()) throw Error("JsonWriter: a second top-level value");
    return;
  }
  Level& top = stack_.back();
  if (top.isObject) {
    if (!top.expectValue) throw Error("JsonWriter: value inside an object without a key");
    top.expectValue = false;
    return;
  }
  if (!top.empty) out_ += ',';
  top.empty = false;
  newline(stack_.size());
}

JsonWriter& JsonWriter::key(std::string_view name) {
  if (stack_.empty() || !stack_.back().isObject) throw Error("JsonWriter: key outside an object");
  Level& top = stack_.back();
  if (top.expectValue) throw Error("JsonWriter: two keys in a row");
  if (!top.empty) out_ += ',';
  top.empty = false;
  top.expectValue = true;
  newline(stack_.size());
  out_ += jsonString(name);
  out_ += indent_ > 0 ? ": " : ":";
  return *this;
}

JsonWriter& JsonWriter::raw(std::string_view text) {
  beforeValue();
  out_ += text;
  return *this;
}

JsonWriter& JsonWriter::value(double v) { return raw(jsonNumber(v)); }
JsonWriter& JsonWriter::value(bool v) { return raw(v ? "true" : "false"); }
JsonWriter& JsonWriter::value(std::string_view v) { return raw(jsonString(v)); }

JsonWriter& JsonWriter::beginObject() {
  beforeValue();
  out_ += '{';
  stack_.push_back({true});
  return *this;
}

JsonWriter& JsonWriter::beginArray() {
  beforeValue();
  out_ += '[';
  stack_.push_back({false});
  return *this;
}

JsonWriter& JsonWriter::close(bool object) {
  if (stack_.empty() || stack_.back().isObject != object)
    throw Error(object ? "JsonWriter: endObject without a matching beginObject"
                       : "JsonWriter: endArray without a matching beginArray");
  if (stack_.back().expectValue) throw Error("JsonWriter: key without a value");
  const bool empty = stack_.back().empty;
  stack_.pop_back();
  if (!empty) newline(stack_.size());
  out_ += object ? '}' : ']';
  return *this;
}

JsonWriter& JsonWriter::endObject() { return close(true); }
JsonWriter& JsonWriter::endArray() { return close(false); }

}  // namespace sluice
