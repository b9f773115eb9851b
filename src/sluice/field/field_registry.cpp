#include "sluice/field/field_registry.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace sluice::field {

const char* FieldRegistry::classOf(const Storage& storage) {
  return std::visit([](const auto& ptr) { return className<typename std::decay_t<decltype(ptr)>::element_type>(); },
                    storage);
}

int FieldRegistry::indexOf(std::string_view name) const {
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (entries_[i].name == name) return static_cast<int>(i);
  return -1;
}

const FieldRegistry::Entry& FieldRegistry::entry(std::string_view name) const {
  const int i = indexOf(name);
  if (i < 0) failLookup(name, "field");
  return entries_[i];
}

void FieldRegistry::failLookup(std::string_view name, const char* wanted) const {
  const int i = indexOf(name);
  if (i >= 0) throw Error(fmt::format("field '{}' is a {}, not a {}", name, classOf(entries_[i].field), wanted));
  throw Error(fmt::format("no {} '{}' among the fields ({})", wanted, name, fmt::join(names(), ", ")));
}

std::vector<std::string> FieldRegistry::names() const {
  std::vector<std::string> out;
  out.reserve(entries_.size());
  for (const Entry& e : entries_) out.push_back(e.name);
  return out;
}

const FieldOptions& FieldRegistry::options(std::string_view name) const { return entry(name).options; }

std::uint64_t FieldRegistry::version(std::string_view name) const { return entry(name).version; }

void FieldRegistry::storeOldTimes() {
  for (Entry& e : entries_) {
    if (!e.options.oldTimes) continue;
    if (observer_) observer_->beforeModify(e.name, e.version);
    ++e.version;
    std::visit([](auto& ptr) { ptr->storeOldTime(); }, e.field);
  }
}

void FieldRegistry::updateTime(Scalar time) {
  for (Entry& e : entries_) {
    if (auto* s = std::get_if<std::unique_ptr<VolScalarField>>(&e.field)) (*s)->updateTime(time);
    if (auto* v = std::get_if<std::unique_ptr<VolVectorField>>(&e.field)) (*v)->updateTime(time);
  }
}

void FieldRegistry::linkBoundaryConditions() const {
  for (const Entry& e : entries_) {
    if (const auto* s = std::get_if<std::unique_ptr<VolScalarField>>(&e.field)) (*s)->linkBoundaryConditions(*this);
    if (const auto* v = std::get_if<std::unique_ptr<VolVectorField>>(&e.field)) (*v)->linkBoundaryConditions(*this);
  }
}

bool FieldRegistry::conditionsRead(const std::string& name) const {
  for (const Entry& e : entries_) {
    if (const auto* s = std::get_if<std::unique_ptr<VolScalarField>>(&e.field); s && (*s)->conditionsRead(name))
      return true;
    if (const auto* v = std::get_if<std::unique_ptr<VolVectorField>>(&e.field); v && (*v)->conditionsRead(name))
      return true;
  }
  return false;
}

}  // namespace sluice::field
