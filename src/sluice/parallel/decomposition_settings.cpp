#include "sluice/parallel/decomposition_settings.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sluice/core/error.hpp"
#include "sluice/io/dictionary.hpp"
#include "sluice/parallel/decomposition_registry.hpp"

namespace sluice::parallel {

namespace {

// OpenFOAM decomposition methods sluice does not implement (ptscotch is read as scotch).
constexpr std::array<const char*, 8> unsupportedOpenFoamMethods = {
    "manual", "kahip", "multiLevel", "structured", "random", "none", "noDecomp", "parMetis"};

// Where a method's coefficients are: <method>Coeffs, else coeffs, else the top level.
const io::Dictionary& coefficients(const io::Dictionary& dict, const std::string& method) {
  if (const io::Dictionary* d = dict.findSubDict(method + "Coeffs")) return *d;
  if (const io::Dictionary* d = dict.findSubDict("coeffs")) return *d;
  return dict;
}

std::string whereEntry(const io::Dictionary& dict, std::string_view key, const std::string& message) {
  const io::Entry& e = dict.entry(key);
  if (!e.tokens().empty()) return e.tokens().front().where(message);
  return dict.context() + ": " + message;
}

void readSplit(const io::Dictionary& dict, DecompositionSettings& s, bool withOrder) {
  const io::Dictionary& coeffs = coefficients(dict, s.method);
  if (!coeffs.found("n"))
    throw InputError(fmt::format("{}: method {} needs 'n', e.g. {}Coeffs {{ n (2 2 1); }}", dict.fileName(), s.method,
                                 s.method));
  const std::vector<Label> n = coeffs.get<std::vector<Label>>("n");
  if (n.size() != 3)
    throw InputError(whereEntry(coeffs, "n", fmt::format("n must list 3 counts (x y z), found {}", n.size())));
  for (Label v : n)
    if (v < 1) throw InputError(whereEntry(coeffs, "n", fmt::format("n ({}) must be positive", fmt::join(n, " "))));
  const long product = static_cast<long>(n[0]) * n[1] * n[2];
  if (product != s.numberOfSubdomains)
    throw InputError(whereEntry(coeffs, "n",
                                fmt::format("n ({}) makes {} subdomains but numberOfSubdomains is {}",
                                            fmt::join(n, " "), product, s.numberOfSubdomains)));
  s.n = {n[0], n[1], n[2]};

  s.delta = coeffs.getOr<Scalar>("delta", s.delta);
  if (!(s.delta >= 0 && s.delta < 0.1))
    throw InputError(whereEntry(coeffs, "delta", fmt::format("delta {} must be in [0, 0.1)", s.delta)));

  if (withOrder && coeffs.found("order")) {
    const std::string order = coeffs.get<std::string>("order");
    std::string sorted = order;
    std::sort(sorted.begin(), sorted.end());
    if (sorted != "xyz")
      throw InputError(whereEntry(coeffs, "order", fmt::format("order '{}' must be a permutation of xyz", order)));
    for (int i = 0; i < 3; ++i) s.order[i] = order[i] - 'x';
  }
}

}  // namespace

std::optional<std::string> unknownMethodProblem(const std::string& method) {
  DecompositionRegistry registry;
  registerDecompositionMethods(registry);
  if (registry.find(method) != nullptr) return std::nullopt;
  const bool openFoamMethod = std::find_if(unsupportedOpenFoamMethods.begin(), unsupportedOpenFoamMethods.end(),
                                           [&](const char* m) { return method == m; }) !=
                              unsupportedOpenFoamMethods.end();
  return fmt::format("{} decomposition method '{}'; supported methods: {}", openFoamMethod ? "unsupported" : "unknown",
                     method, fmt::join(registry.names(), ", "));
}

DecompositionSettings DecompositionSettings::fromDictionary(const io::Dictionary& dict, int nRanks) {
  DecompositionSettings s = defaults(nRanks);
  const Label n = dict.get<Label>("numberOfSubdomains");
  if (n != nRanks)
    throw InputError(fmt::format("{}: numberOfSubdomains {} does not match the {} ranks of this run",
                                 dict.fileName(), n, nRanks));

  std::string method = dict.getOr<std::string>("method", "scotch");
  if (method == "ptscotch") method = "scotch";
  if (auto problem = unknownMethodProblem(method)) throw InputError(whereEntry(dict, "method", *problem));
  s.method = method;

  if (method == "simple") readSplit(dict, s, false);
  if (method == "hierarchical") readSplit(dict, s, true);
  return s;
}

DecompositionSettings DecompositionSettings::readCase(const std::filesystem::path& caseDir, int nRanks) {
  if (nRanks == 1) return defaults(1);
  const std::filesystem::path file = caseDir / "system" / "decomposeParDict";
  if (!std::filesystem::exists(file)) return defaults(nRanks);
  return fromDictionary(io::Dictionary::readFile(file, "system/decomposeParDict"), nRanks);
}

}  // namespace sluice::parallel
