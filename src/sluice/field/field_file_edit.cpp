#include "sluice/field/field_file_edit.hpp"

#include <fstream>
#include <memory>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/io/binary_field_text.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/io/field_value.hpp"
#include "sluice/io/text_file.hpp"
#include "sluice/io/tokenizer.hpp"

namespace sluice::field {

namespace fs = std::filesystem;

std::optional<std::pair<std::size_t, std::size_t>> findInternalFieldEntry(const std::string& text,
                                                                          const std::string& file) {
  io::Tokenizer lexer(text, std::make_shared<const std::string>(file));
  std::optional<std::pair<std::size_t, std::size_t>> found;
  io::Token t;
  int depth = 0;
  bool atKeyword = true;  // the next top-level token starts an entry
  constexpr std::size_t none = std::string::npos;
  std::size_t open = none;  // start of the internalField entry being read
  while (lexer.next(t)) {
    if (t.kind == io::TokenKind::Punct) {
      const char c = t.text[0];
      if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        --depth;
        if (depth == 0 && c == '}') atKeyword = true;  // a sub-dictionary entry ends
      } else if (c == ';' && depth == 0) {
        if (open != none) found = std::make_pair(open, lexer.offset());
        open = none;
        atKeyword = true;
      }
      continue;
    }
    if (depth != 0) continue;
    if (atKeyword && t.isWord("internalField")) open = lexer.lastTokenStart();
    // After `#include "file"` (a string at top level) the next token starts an entry.
    atKeyword = t.isString();
  }
  return found;
}

namespace {

template <class T>
void assignValues(std::vector<T>& values, const std::variant<Scalar, Vec3>& value, std::span<const Label> cells,
                  const std::string& file) {
  const T* v = std::get_if<T>(&value);
  if (v == nullptr) throw Error(fmt::format("{}: value of the wrong type for this field", file));
  for (Label c : cells) values.at(static_cast<std::size_t>(c)) = *v;
}

}  // namespace

FieldFileEdit FieldFileEdit::read(const fs::path& caseDir, const std::string& time, const std::string& name,
                                  std::size_t nCells) {
  FieldFileEdit f;
  f.path_ = caseDir / time / name;
  f.file_ = time + "/" + name;
  std::optional<std::string> text = io::readTextFile(f.path_);
  if (!text) throw InputError(fmt::format("{}: cannot open file", f.file_));
  f.original_ = io::asciiFieldText(std::move(*text), f.file_);  // a binary file is edited (and rewritten) as ascii

  const io::Dictionary dict = io::Dictionary::parse(f.original_, f.file_, f.path_.parent_path());
  const io::Dictionary* header = dict.findSubDict("FoamFile");
  if (header == nullptr) throw InputError(fmt::format("{}: missing the FoamFile header", f.file_));
  f.fieldClass_ = header->get<std::string>("class");
  if (f.fieldClass_ != "volScalarField" && f.fieldClass_ != "volVectorField")
    throw InputError(fmt::format("{}: class '{}' is not supported; supported: volScalarField, volVectorField", f.file_,
                                 f.fieldClass_));

  if (!dict.found("internalField")) dict.fail("missing 'internalField'");
  const io::FieldValue internal = io::readFieldValue(dict, "internalField");
  if (f.isVector())
    f.vectors_ = internal.expandVectors(nCells);
  else
    f.scalars_ = internal.expandScalars(nCells);

  const auto entry = findInternalFieldEntry(f.original_, f.file_);
  if (!entry)
    throw InputError(
        fmt::format("{}: internalField comes from an #include or macro; write it in the file itself "
                    "so that it can be replaced",
                    f.file_));
  f.entryBegin_ = entry->first;
  f.entryEnd_ = entry->second;
  return f;
}

void FieldFileEdit::assign(const std::variant<Scalar, Vec3>& value, std::span<const Label> cells) {
  if (isVector())
    assignValues(vectors_, value, cells, file_);
  else
    assignValues(scalars_, value, cells, file_);
}

void FieldFileEdit::assignAll(const std::variant<Scalar, Vec3>& value) {
  std::vector<Label> all(isVector() ? vectors_.size() : scalars_.size());
  for (std::size_t c = 0; c < all.size(); ++c) all[c] = static_cast<Label>(c);
  assign(value, all);
}

std::string FieldFileEdit::text() const {
  const std::string values = isVector() ? formatFieldValue<Vec3>(vectors_) : formatFieldValue<Scalar>(scalars_);
  return original_.substr(0, entryBegin_) + "internalField   " + values + ";" + original_.substr(entryEnd_);
}

void FieldFileEdit::write() const {
  const std::string out = text();
  std::ofstream os(path_, std::ios::binary | std::ios::trunc);
  os << out;
  os.close();
  if (!os) throw InputError(fmt::format("{}: cannot write file", file_));
}

}  // namespace sluice::field
