#include "sluice/fv/fv_schemes.hpp"

#include <optional>
#include <utility>

#include <fmt/format.h>

#include "sluice/core/error.hpp"

namespace sluice::fv {

namespace {

/// Reads the tokens of one scheme specification; a parser returns
/// std::nullopt when the words do not form a supported scheme.
class Cursor {
 public:
  Cursor(const std::vector<io::Token>& tokens, std::string where, std::string fallbackFile, int fallbackLine)
      : tokens_(tokens), where_(std::move(where)), file_(std::move(fallbackFile)), line_(fallbackLine) {}

  bool atEnd() const { return pos_ >= tokens_.size(); }
  const io::Token& previous() const { return tokens_[pos_ - 1]; }
  bool word(const char* w) {
    if (!atEnd() && tokens_[pos_].isWord(w)) {
      ++pos_;
      return true;
    }
    return false;
  }
  std::optional<std::string> anyWord() {
    if (!atEnd() && (tokens_[pos_].isWord() || tokens_[pos_].isString())) return tokens_[pos_++].text;
    return std::nullopt;
  }
  /// A coefficient in [0, 1]; nullopt if the next token is not a number,
  /// InputError if it is out of range.
  std::optional<Scalar> unitCoeff() {
    if (atEnd() || !tokens_[pos_].isNumber()) return std::nullopt;
    const io::Token& t = tokens_[pos_++];
    if (t.number < 0 || t.number > 1)
      throw InputError(t.where(fmt::format("{}: coefficient {} of '{}' must be in [0, 1]", where_, t.text, text())));
    return t.number;
  }

  std::string text() const {
    std::string s;
    for (const io::Token& t : tokens_) {
      if (!s.empty()) s += ' ';
      s += t.text;
    }
    return s;
  }

  [[noreturn]] void unknown(const char* supported) const {
    const std::string message = tokens_.empty()
                                    ? fmt::format("{}: missing scheme; supported: {}", where_, supported)
                                    : fmt::format("{}: unknown scheme '{}'; supported: {}", where_, text(), supported);
    if (!tokens_.empty()) throw InputError(tokens_.front().where(message));
    throw InputError(locatedMessage(file_, line_, 0, message));
  }

 private:
  const std::vector<io::Token>& tokens_;
  std::size_t pos_ = 0;
  std::string where_;
  std::string file_;
  int line_;
};

constexpr const char* kDdtSupported = "Euler, backward, steadyState";
constexpr const char* kGradSupported = "Gauss linear, leastSquares, cellLimited <Gauss linear|leastSquares> <coeff>";
constexpr const char* kDivSupported =
    "Gauss linear, Gauss upwind, Gauss linearUpwind <grad>, Gauss limitedLinear <k>, Gauss limitedLinearV <k>, "
    "Gauss vanLeer (optionally prefixed by 'bounded')";
constexpr const char* kLaplacianSupported =
    "Gauss linear corrected, Gauss linear uncorrected, Gauss linear orthogonal, Gauss linear limited <psi>, "
    "Gauss linear limited corrected <psi>";
constexpr const char* kSnGradSupported = "corrected, uncorrected, orthogonal, limited <psi>, limited corrected <psi>";
constexpr const char* kInterpolationSupported = "linear";

std::optional<DdtScheme> ddtScheme(Cursor& c) {
  DdtScheme s;
  s.bounded = c.word("bounded");
  if (c.word("Euler")) s.kind = DdtKind::Euler;
  else if (c.word("backward")) s.kind = DdtKind::backward;
  else if (c.word("steadyState")) s.kind = DdtKind::steadyState;
  else return std::nullopt;
  return s;
}

std::optional<GradScheme> gradScheme(Cursor& c) {
  GradScheme s;
  const bool limited = c.word("cellLimited");
  if (c.word("Gauss")) {
    if (!c.word("linear")) return std::nullopt;
    s.kind = GradKind::GaussLinear;
  } else if (c.word("leastSquares")) {
    s.kind = GradKind::leastSquares;
  } else {
    return std::nullopt;
  }
  if (limited) {
    std::optional<Scalar> k = c.unitCoeff();
    if (!k) return std::nullopt;
    s.cellLimited = true;
    s.limitCoeff = *k;
  }
  return s;
}

std::optional<DivScheme> divScheme(Cursor& c) {
  DivScheme s;
  s.bounded = c.word("bounded");
  if (!c.word("Gauss")) return std::nullopt;
  if (c.word("linear")) {
    s.kind = DivKind::linear;
  } else if (c.word("upwind")) {
    s.kind = DivKind::upwind;
  } else if (c.word("linearUpwind")) {
    s.kind = DivKind::linearUpwind;
    std::optional<std::string> g = c.anyWord();
    if (!g) return std::nullopt;
    s.gradTerm = *g;
  } else if (c.word("limitedLinear") || c.word("limitedLinearV")) {
    s.kind = c.previous().isWord("limitedLinear") ? DivKind::limitedLinear : DivKind::limitedLinearV;
    std::optional<Scalar> k = c.unitCoeff();
    if (!k) return std::nullopt;
    s.coeff = *k;
  } else if (c.word("vanLeer")) {
    s.kind = DivKind::vanLeer;
  } else {
    return std::nullopt;
  }
  return s;
}

std::optional<SnGradScheme> snGradScheme(Cursor& c) {
  SnGradScheme s;
  if (c.word("corrected")) {
    s.kind = SnGradKind::corrected;
  } else if (c.word("uncorrected")) {
    s.kind = SnGradKind::uncorrected;
  } else if (c.word("orthogonal")) {
    s.kind = SnGradKind::orthogonal;
  } else if (c.word("limited")) {
    c.word("corrected");
    std::optional<Scalar> psi = c.unitCoeff();
    if (!psi) return std::nullopt;
    s.kind = SnGradKind::limited;
    s.limitCoeff = *psi;
  } else {
    return std::nullopt;
  }
  return s;
}

std::optional<LaplacianScheme> laplacianScheme(Cursor& c) {
  if (!c.word("Gauss") || !c.word("linear")) return std::nullopt;
  std::optional<SnGradScheme> sn = snGradScheme(c);
  if (!sn) return std::nullopt;
  LaplacianScheme s;
  s.snGrad = *sn;
  return s;
}

std::optional<InterpolationScheme> interpolationScheme(Cursor& c) {
  if (!c.word("linear")) return std::nullopt;
  return InterpolationScheme{};
}

template <class S>
struct SchemeTraits;
template <>
struct SchemeTraits<DdtScheme> {
  static constexpr const char* supported = kDdtSupported;
  static std::optional<DdtScheme> parse(Cursor& c) { return ddtScheme(c); }
};
template <>
struct SchemeTraits<GradScheme> {
  static constexpr const char* supported = kGradSupported;
  static std::optional<GradScheme> parse(Cursor& c) { return gradScheme(c); }
};
template <>
struct SchemeTraits<DivScheme> {
  static constexpr const char* supported = kDivSupported;
  static std::optional<DivScheme> parse(Cursor& c) { return divScheme(c); }
};
template <>
struct SchemeTraits<LaplacianScheme> {
  static constexpr const char* supported = kLaplacianSupported;
  static std::optional<LaplacianScheme> parse(Cursor& c) { return laplacianScheme(c); }
};
template <>
struct SchemeTraits<SnGradScheme> {
  static constexpr const char* supported = kSnGradSupported;
  static std::optional<SnGradScheme> parse(Cursor& c) { return snGradScheme(c); }
};
template <>
struct SchemeTraits<InterpolationScheme> {
  static constexpr const char* supported = kInterpolationSupported;
  static std::optional<InterpolationScheme> parse(Cursor& c) { return interpolationScheme(c); }
};

/// Parses one entry's tokens completely; throws the located error.
template <class S>
S parseEntry(const std::vector<io::Token>& tokens, const std::string& where, const std::string& file, int line) {
  Cursor c(tokens, where, file, line);
  std::optional<S> s = SchemeTraits<S>::parse(c);
  if (!s || !c.atEnd()) c.unknown(SchemeTraits<S>::supported);
  s->text = c.text();
  if constexpr (std::is_same_v<S, LaplacianScheme>) s->snGrad.text = s->text.substr(std::string("Gauss linear ").size());
  return *s;
}

bool isNone(const io::Entry& e) { return !e.isDict() && e.tokens().size() == 1 && e.tokens()[0].isWord("none"); }

}  // namespace

template <class S>
FvSchemes::Section<S> FvSchemes::readSection(const io::Dictionary& parent, const std::string& name, bool required) {
  Section<S> section;
  const io::Dictionary* dict = required ? &parent.subDict(name) : parent.findSubDict(name);
  if (!dict) return section;
  section.present = true;
  section.dict = *dict;
  for (const io::Entry& e : section.dict.entries()) {
    if (e.keyword() == "default" && isNone(e)) {
      section.defaultNone = true;
      section.parsed.emplace_back(std::string());
      continue;
    }
    const std::string where = name + "/" + e.keyword();
    if (e.isDict()) {
      section.parsed.emplace_back(locatedMessage(section.dict.fileName(), e.line(), 0,
                                                 where + ": expected a scheme, found a dictionary"));
      continue;
    }
    try {
      section.parsed.emplace_back(parseEntry<S>(e.tokens(), where, section.dict.fileName(), e.line()));
    } catch (const InputError& error) {
      section.parsed.emplace_back(std::string(error.what()));
    }
  }
  return section;
}

template <class S>
const S& FvSchemes::Section<S>::lookup(std::string_view term, const std::string& sectionName) const {
  const io::Entry* e = present ? dict.findEntry(term) : nullptr;
  if (!e && present) {
    e = dict.findEntry("default");
    if (e && isNone(*e))
      throw InputError(fmt::format("{}: no scheme for '{}' (default is none)", dict.context(), term));
  }
  if (!e) {
    const std::string where = present ? dict.context() : dict.fileName() + ": " + sectionName;
    throw InputError(fmt::format("{}: no scheme for '{}' (no default)", where, term));
  }
  const auto index = static_cast<std::size_t>(e - dict.entries().data());
  const auto& result = parsed.at(index);
  if (const auto* error = std::get_if<std::string>(&result)) throw InputError(*error);
  return std::get<S>(result);
}

FvSchemes FvSchemes::read(const io::Dictionary& dict) {
  FvSchemes s;
  s.ddt_ = readSection<DdtScheme>(dict, "ddtSchemes", true);
  s.grad_ = readSection<GradScheme>(dict, "gradSchemes", true);
  s.div_ = readSection<DivScheme>(dict, "divSchemes", true);
  s.laplacian_ = readSection<LaplacianScheme>(dict, "laplacianSchemes", true);
  s.snGrad_ = readSection<SnGradScheme>(dict, "snGradSchemes", false);
  s.interpolation_ = readSection<InterpolationScheme>(dict, "interpolationSchemes", false);
  return s;
}

DdtScheme FvSchemes::ddt(std::string_view term) const { return ddt_.lookup(term, "ddtSchemes"); }
GradScheme FvSchemes::grad(std::string_view term) const { return grad_.lookup(term, "gradSchemes"); }
DivScheme FvSchemes::div(std::string_view term) const { return div_.lookup(term, "divSchemes"); }
LaplacianScheme FvSchemes::laplacian(std::string_view term) const {
  return laplacian_.lookup(term, "laplacianSchemes");
}

SnGradScheme FvSchemes::snGrad(std::string_view term) const {
  if (!snGrad_.present) return SnGradScheme{SnGradKind::corrected, 1, "corrected"};
  return snGrad_.lookup(term, "snGradSchemes");
}

InterpolationScheme FvSchemes::interpolation(std::string_view term) const {
  if (!interpolation_.present) return InterpolationScheme{InterpolationKind::linear, "linear"};
  return interpolation_.lookup(term, "interpolationSchemes");
}

}  // namespace sluice::fv
