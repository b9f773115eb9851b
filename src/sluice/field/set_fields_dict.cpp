#include "sluice/field/set_fields_dict.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "sluice/core/error.hpp"

namespace sluice::field {

namespace {

// A value list `( type name value ... )` of `key` in `dict`; `where` names
// the list in messages ("system/setFieldsDict: defaultFieldValues").
std::vector<FieldValueSetting> readValueList(const io::Dictionary& dict, const char* key, const std::string& where) {
  std::vector<FieldValueSetting> settings;
  io::TokenStream ts = dict.stream(key);
  ts.acceptListSize();
  ts.expectPunct('(');
  while (ts.moreInList()) {
    FieldValueSetting s;
    const io::Token typeToken = ts.peek();
    if (!typeToken.isWord())
      ts.fail("expected a field value type (volScalarFieldValue, volVectorFieldValue), found " + ts.describeNext());
    s.valueType = ts.readWord();
    const auto& types = fieldValueTypes();
    if (std::find(types.begin(), types.end(), s.valueType) == types.end())
      ts.failAt(typeToken,
                fmt::format("unknown field value type '{}'; supported: {}", s.valueType, fmt::join(types, ", ")));
    if (ts.atEnd() || !(ts.peek().isWord() || ts.peek().isString()))
      ts.fail(fmt::format("{}: expected a field name, found {}", s.valueType, ts.describeNext()));
    s.field = ts.readWordOrString();
    const std::string what = s.valueType + " " + s.field;
    const bool vector = s.valueType == "volVectorFieldValue";
    if (vector) {
      if (ts.atEnd() || !ts.peek().isPunct('('))
        ts.fail(fmt::format("{}: expected a vector (x y z), found {}", what, ts.describeNext()));
      s.value = ts.readVec3();
    } else {
      if (ts.atEnd() || !ts.peek().isNumber())
        ts.fail(fmt::format("{}: expected a scalar, found {}", what, ts.describeNext()));
      s.value = ts.readScalar();
    }
    s.where = where + ": " + what;
    settings.push_back(std::move(s));
  }
  ts.expectEnd();
  return settings;
}

}  // namespace

const std::vector<std::string>& fieldValueTypes() {
  static const std::vector<std::string> types = {"volScalarFieldValue", "volVectorFieldValue"};
  return types;
}

SetFieldsDict SetFieldsDict::read(const io::Dictionary& dict) {
  SetFieldsDict spec;
  const std::string file = dict.context();
  if (dict.found("defaultFieldValues")) {
    spec.hasDefaults = true;
    spec.defaults = readValueList(dict, "defaultFieldValues", file + ": defaultFieldValues");
  }

  io::TokenStream ts = dict.stream("regions");
  ts.acceptListSize();
  ts.expectPunct('(');
  while (ts.moreInList()) {
    if (!ts.peek().isWord()) ts.fail("expected a region type (e.g. boxToCell), found " + ts.describeNext());
    const std::string type = ts.readWord();
    const std::string scope = "regions/" + type;
    const io::Dictionary regionDict = io::Dictionary::fromStream(ts, dict.fileName(), scope);
    SetFieldsRegion region;
    region.selector = mesh::makeCellSelector(type, regionDict, file + ": regions", {"fieldValues"});
    if (!regionDict.found("fieldValues")) regionDict.fail("missing 'fieldValues'");
    region.values = readValueList(regionDict, "fieldValues", file + ": " + scope + "/fieldValues");
    spec.regions.push_back(std::move(region));
  }
  ts.expectEnd();
  return spec;
}

std::vector<std::string> SetFieldsDict::fieldNames() const {
  std::vector<std::string> names;
  auto add = [&](const std::vector<FieldValueSetting>& settings) {
    for (const FieldValueSetting& s : settings)
      if (std::find(names.begin(), names.end(), s.field) == names.end()) names.push_back(s.field);
  };
  add(defaults);
  for (const SetFieldsRegion& r : regions) add(r.values);
  return names;
}

}  // namespace sluice::field
