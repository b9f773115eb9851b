#pragma once
// An OpenFOAM-format dictionary (controlDict, fvSchemes, fvSolution,
// blockMeshDict, decomposeParDict, constant/* and 0/* field files), parsed
// with comments, $macro expansion, #include, #remove and regular-expression
// keys resolved at read time, as OpenFOAM does.
//
//   io::Dictionary control = io::Dictionary::readFile(caseDir / "system/controlDict", "system/controlDict");
//   double endTime = control.get<double>("endTime");
//   const io::Dictionary& p = fvSolution.subDict("solvers").subDict("p");
//   double tol = p.get<double>("tolerance");        // "system/fvSolution: solvers/p: missing 'tolerance'"
//   io::TokenStream blocks = blockMeshDict.stream("blocks");  // custom grammars
//
// Dictionaries are plain values (copyable, no global state); each rank reads
// its own copy, or rank 0 reads and broadcasts the text.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/core/vec3.hpp"
#include "sluice/io/token.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::io {

/// Physical dimensions [kg m s K mol A cd] of a dimensioned value.
struct DimensionSet {
  double exponents[7] = {0, 0, 0, 0, 0, 0, 0};
  friend bool operator==(const DimensionSet&, const DimensionSet&) = default;
};

/// `nu [0 2 -1 0 0 0 0] 0.01;` or `nu nu [0 2 -1 0 0 0 0] 0.01;` or `nu 0.01;`.
struct DimensionedScalar {
  std::string name;
  std::optional<DimensionSet> dimensions;  ///< absent when the entry gives only a value
  Scalar value = 0;
};

/// Reads `[a b c d e]` or `[a b c d e f g]` from a value stream.
DimensionSet readDimensionSet(TokenStream& ts);

struct ParseOptions {
  /// Receives warnings (e.g. "#includeEtc ... skipped"); defaults to stderr.
  std::function<void(const std::string&)> warn;
  /// Stop after the FoamFile header (for large polyMesh files): only the header is parsed.
  bool headerOnly = false;
};

class Dictionary;
struct KeyPattern;  // compiled regular expression of a pattern keyword (key_pattern.hpp)

/// One keyword entry: either a sub-dictionary or a primitive value (tokens).
///
///   for (const io::Entry& e : dict.entries())
///     if (e.isDict()) use(e.keyword(), e.dict()); else use(e.keyword(), e.tokens());
///   dict.set(io::Entry::primitive("endTime", other.entry("endTime").tokens()));
class Entry {
 public:
  /// `keyword value;` with the value's tokens (e.g. from another dictionary).
  static Entry primitive(std::string keyword, std::vector<Token> tokens, int line = 0);
  /// `keyword { ... }`. The sub-dictionary's scope becomes the keyword when set() adds it.
  static Entry dictionary(std::string keyword, Dictionary dict, int line = 0);

  const std::string& keyword() const { return keyword_; }
  bool isPattern() const { return isPattern_; }  ///< keyword was a quoted regular expression
  bool isDict() const { return dict_ != nullptr; }
  const Dictionary& dict() const;                ///< throws if not a dictionary
  const std::vector<Token>& tokens() const { return *tokens_; }  ///< primitive value tokens
  int line() const { return line_; }

 private:
  friend class Dictionary;
  friend class DictionaryParser;
  std::string keyword_;
  bool isPattern_ = false;
  std::shared_ptr<Dictionary> dict_;
  std::shared_ptr<const KeyPattern> pattern_;  ///< compiled when isPattern_
  std::shared_ptr<const std::vector<Token>> tokens_ = emptyTokens();  ///< shared, immutable
  int line_ = 0;
  static std::shared_ptr<const std::vector<Token>> emptyTokens();
};

class Dictionary {
 public:
  Dictionary() = default;

  /// Parses a file. `displayName` is the name used in messages (e.g.
  /// "system/fvSolution"); defaults to the path as given. Throws InputError
  /// ("<name>: cannot open file") if unreadable.
  static Dictionary readFile(const std::filesystem::path& file, std::string displayName = {},
                             const ParseOptions& options = {});
  /// Parses text held in memory; `displayName` appears in messages. Relative
  /// #include paths resolve against `baseDir`.
  static Dictionary parse(std::string_view text, std::string displayName,
                          const std::filesystem::path& baseDir = {}, const ParseOptions& options = {});

  // ---- look-up (exact keyword first, then the last matching pattern key)
  bool found(std::string_view key) const;
  const Entry* findEntry(std::string_view key) const;
  const Entry& entry(std::string_view key) const;            ///< throws "missing 'key'"
  bool isDict(std::string_view key) const;
  const Dictionary* findSubDict(std::string_view key) const;
  const Dictionary& subDict(std::string_view key) const;     ///< throws if missing or not a dict
  std::vector<std::string> keys() const;                     ///< in file order
  const std::vector<Entry>& entries() const { return entries_; }

  /// The entry's value tokens as a stream (throws if missing or a dictionary).
  TokenStream stream(std::string_view key) const;

  /// Typed value; the whole entry must be consumed. Supported T: Scalar,
  /// Label, std::int64_t, bool, std::string (word or string), Vec3,
  /// std::vector<Scalar>, std::vector<Label>, std::vector<Vec3>, std::vector<std::string>.
  template <class T> T get(std::string_view key) const;
  template <class T> T getOr(std::string_view key, const T& fallback) const;
  /// Value of `key` that must be one of `allowed` (error lists them).
  std::string getChoice(std::string_view key, const std::vector<std::string>& allowed) const;
  /// Value of `key`, a word OpenFOAM knows, that must be one sluice supports:
  /// "'Maxwell' is not supported (supported: Stokes, Newtonian)" at its position otherwise.
  std::string getSupported(std::string_view key, const std::vector<std::string>& supported) const;
  DimensionedScalar getDimensioned(std::string_view key) const;
  /// `dimensions [0 1 -1 0 0 0 0];` (7- or 5-element form).
  DimensionSet getDimensions(std::string_view key) const;

  /// Reads a braced `{ ... }` dictionary from a value stream, e.g. a patch
  /// dictionary inside blockMeshDict's `boundary ( name { ... } ... )` list.
  /// Macros were already expanded when the enclosing file was read.
  static Dictionary fromStream(TokenStream& ts, std::string fileName, std::string scopePath);

  /// Reports keywords of this dictionary not in `known` as an error
  /// ("system/controlDict: unknown keyword 'endTme' (line 21)").
  void rejectUnknown(const std::vector<std::string>& known) const;

  // ---- context for messages
  const std::string& fileName() const { return fileName_; }   ///< display name of the file
  const std::string& scopePath() const { return scope_; }     ///< "solvers/p" ("" at top level)
  /// "system/fvSolution: solvers/p" (or just the file at top level).
  std::string context() const;
  /// Throws InputError "<context>: message".
  [[noreturn]] void fail(const std::string& message) const;

  // ---- building (used by the parser and by code that makes dictionaries)
  void set(Entry entry);  ///< adds or replaces by keyword

 private:
  friend class DictionaryParser;
  std::vector<Entry> entries_;
  std::string fileName_;
  std::string scope_;
  // $var scoping during parsing uses the parser's stack of open dictionaries,
  // so a Dictionary holds no pointer to its parent and copies stay valid.
};

}  // namespace sluice::io
