#pragma once
// Minimal streaming JSON writer: objects, arrays, strings (escaped), numbers
// written with full precision (%.17g; NaN and infinities become null), bools.
// Commas and (optional) indentation are handled by the writer; misuse (a value
// where a key is expected, unbalanced end*) throws sluice::Error.
//
//   JsonWriter w;                       // compact; JsonWriter w(2) indents by 2
//   w.beginObject();
//   w.key("cells").value(1000);
//   w.key("bounds").beginArray().value(0.0).value(1.5).endArray();
//   w.key("name").value("cavity \"lid\"");
//   w.endObject();
//   std::string text = w.str();        // {"cells":1000,"bounds":[0,1.5],"name":"cavity \"lid\""}
#include <concepts>
#include <string>
#include <string_view>
#include <vector>

namespace sluice {

/// `text` as a JSON string literal, quotes included, always valid UTF-8:
/// control characters are escaped, well-formed UTF-8 passes through, and
/// each byte that is not part of it becomes \u00XX (read as Latin-1).
std::string jsonString(std::string_view text);

/// `v` as a JSON number with 17 significant digits, or "null" if not finite.
std::string jsonNumber(double v);

class JsonWriter {
 public:
  /// `indent` > 0 pretty-prints with that many spaces per level.
  explicit JsonWriter(int indent = 0) : indent_(indent) {}

  JsonWriter& beginObject();
  JsonWriter& endObject();
  JsonWriter& beginArray();
  JsonWriter& endArray();
  /// Next member name; only inside an object, and must be followed by a value.
  JsonWriter& key(std::string_view name);

  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& value(std::string_view v);
  JsonWriter& value(const char* v) { return value(std::string_view(v)); }
  JsonWriter& value(const std::string& v) { return value(std::string_view(v)); }
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  JsonWriter& value(T v) {
    return raw(std::to_string(v));
  }
  JsonWriter& null() { return raw("null"); }

  /// The document so far; complete once every begin* has its end*.
  const std::string& str() const { return out_; }
  /// True when every begun object/array has been closed and one value written.
  bool complete() const { return stack_.empty() && !out_.empty(); }

 private:
  struct Level {
    bool isObject;
    bool empty = true;
    bool expectValue = false;  // objects: a key has been written
  };
  JsonWriter& raw(std::string_view text);  // a scalar value
  void beforeValue();
  void newline(std::size_t depth);
  JsonWriter& close(bool object);

  int indent_;
  std::string out_;
  std::vector<Level> stack_;
};

}  // namespace sluice
