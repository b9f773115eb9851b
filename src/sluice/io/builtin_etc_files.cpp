#include "sluice/io/builtin_etc_files.hpp"

#include <stdexcept>
#include <vector>

namespace sluice::io {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<std::string> builtinEtcFile(std::string_view name) {
  if (name == "caseDicts/setConstraintTypes") {
    // A patch of a constraint type is in the group of that type, so these
    // entries reach every such patch that has no entry of its own.
    return std::string(
        "cyclic        { type cyclic; }\n"
        "empty         { type empty; }\n"
        "symmetryPlane { type symmetryPlane; }\n"
        "symmetry      { type symmetry; }\n");
  }
  return std::nullopt;
}

std::optional<std::string> builtinFunctionEntry(std::string_view call) {
  call = trim(call);
  std::string_view name = call;
  std::vector<std::string_view> args;
  if (const auto open = call.find('('); open != std::string_view::npos) {
    if (call.back() != ')') throw std::invalid_argument("expected ')' at the end of '" + std::string(call) + "'");
    name = trim(call.substr(0, open));
    std::string_view rest = call.substr(open + 1, call.size() - open - 2);
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= rest.size(); ++i) {
      const char c = i < rest.size() ? rest[i] : ',';
      if (c == '(') ++depth;
      if (c == ')' && --depth < 0) throw std::invalid_argument("unbalanced ')' in '" + std::string(call) + "'");
      if (c == ',' && depth == 0) {
        if (std::string_view a = trim(rest.substr(start, i - start)); !a.empty()) args.push_back(a);
        start = i + 1;
      }
    }
    if (depth != 0) throw std::invalid_argument("unbalanced '(' in '" + std::string(call) + "'");
  }
  if (name != "residuals") return std::nullopt;

  std::string fields, settings;
  for (std::string_view a : args) {
    if (a.find_first_of(" \t") == std::string_view::npos) fields += (fields.empty() ? "" : " ") + std::string(a);
    else settings += std::string(a) + "; ";
  }
  if (fields.empty()) fields = "p U";
  return std::string(name) + " { type solverInfo; writeControl timeStep; writeInterval 1; fields (" + fields + "); " +
         settings + "}";
}

}  // namespace sluice::io
