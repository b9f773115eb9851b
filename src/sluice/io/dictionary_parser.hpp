#pragma once
// Parser behind Dictionary::parse/readFile and readFoamHeader (internal to
// the io module; use those entry points instead). It reads entries,
// sub-dictionaries and value tokens, expands $macros against the stack of
// open dictionaries, and executes #include, #remove and #inputMode.
//
//   DictionaryParser parser(options);
//   Dictionary dict = parser.parse(text, "system/fvSolution", caseDir / "system");
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sluice/io/dictionary.hpp"
#include "sluice/io/tokenizer.hpp"

namespace sluice::io {

class DictionaryParser {
 public:
  explicit DictionaryParser(const ParseOptions& options);

  Dictionary parse(std::string_view text, const std::string& displayName, const std::filesystem::path& baseDir);
  /// Parses only the FoamFile header; `bodyOffset` receives the byte offset of
  /// the first token after it (after whitespace and comments), or of the
  /// first token when there is no header; `bodyLine` its line number.
  Dictionary parseHeader(std::string_view text, const std::string& displayName, std::size_t& bodyOffset,
                         int& bodyLine);

  /// Reads `{ ... }` from already-expanded value tokens into `dict`.
  static void parseBraced(TokenStream& ts, Dictionary& dict);

  /// Adds `entry` to `dict`: a new keyword is appended; an existing one is
  /// replaced in place, except dictionary-over-dictionary in merge mode,
  /// which merges the entries recursively.
  static void addEntry(Dictionary& dict, Entry entry, bool overwrite);
  /// Deep copy of an entry placed in the dictionary with scope `parentScope`.
  static Entry cloneEntry(const Entry& entry, const std::string& fileName, const std::string& parentScope);

  static std::string joinScope(const std::string& parent, const std::string& keyword) {
    return parent.empty() ? keyword : parent + "/" + keyword;
  }
  static void setKeyword(Entry& entry, const Token& keywordToken);

  /// Budget of $macro copies: kExpansionBase plus kExpansionPerByte per byte
  /// of text read (the file and its includes).
  static constexpr std::size_t kExpansionBase = std::size_t{1} << 18;
  static constexpr std::size_t kExpansionPerByte = 4;

 private:
  /// `depth`: nesting level of the dictionary being read (1 for the outermost).
  static void parseBraced(TokenStream& ts, Dictionary& dict, int depth);
  struct Source {
    std::string ownedText;  // for included files
    std::unique_ptr<Tokenizer> lexer;
    std::filesystem::path dir;  // directory for relative #include
    std::string displayName;
    bool hasPeek = false;
    Token peeked;
  };

  bool nextToken(Token& out);
  const Token* peekToken();
  void beginSource(std::unique_ptr<Source> source);

  void parseBody(Dictionary& dict, const Token* openBrace);
  void parseEntry(Dictionary& dict, const Token& keyword);
  void parseDirective(Dictionary& dict, const Token& directive);
  void mergeMacro(Dictionary& dict, const Token& macro);
  void include(Dictionary& dict, const Token& directive, bool optional);
  /// Parses `text` (sluice's version of an OpenFOAM etc file) as if included here.
  void includeText(Dictionary& dict, std::string text, const std::string& displayName);
  void removeKeys(Dictionary& dict, const Token& directive);
  [[noreturn]] void refuseCode(const Token& directive);

  const Entry* resolveMacro(const Token& macro) const;
  /// Counts `items` (tokens or dictionary entries) copied by expanding
  /// `macro` against expansionBudget_; InputError at the macro past it.
  void chargeExpansion(std::size_t items, const Token& macro);
  const Entry* resolve(std::string_view name) const;

  const ParseOptions& options_;
  std::vector<std::unique_ptr<Source>> sources_;  // include stack; back() is being read
  std::vector<Dictionary*> scopes_;               // open dictionaries, innermost last
  bool overwrite_ = false;                        // #inputMode overwrite
  // $macro copies may refer to entries that are themselves copies, so their
  // total size can grow exponentially with the text (`b ($a $a); c ($b $b);
  // ...`): it is bounded by a base plus a share per byte read.
  std::size_t expansionBudget_ = kExpansionBase;
  std::size_t expanded_ = 0;
};

}  // namespace sluice::io
