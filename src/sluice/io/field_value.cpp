#include "sluice/io/field_value.hpp"

#include "sluice/core/error.hpp"

namespace sluice::io {

namespace {

std::string originOf(const TokenStream& ts, const Token& token) {
  std::string where = token.where(ts.keyword().empty() ? "field value" : "'" + ts.keyword() + "'");
  return where;
}

}  // namespace

FieldValue readFieldValue(TokenStream& ts) {
  FieldValue out;
  if (ts.atEnd()) ts.fail("expected 'uniform' or 'nonuniform', found end of entry");
  const Token& first = ts.peek();
  out.origin = originOf(ts, first);
  if (ts.acceptWord("uniform")) {
    out.uniform = true;
    if (!ts.atEnd() && ts.peek().isPunct('(')) {
      out.type = FieldValueType::Vector;
      out.vectors.push_back(ts.readVec3());
    } else {
      out.type = FieldValueType::Scalar;
      out.scalars.push_back(ts.readScalar());
    }
    return out;
  }
  if (ts.acceptWord("nonuniform")) {
    out.uniform = false;
    if (ts.atEnd()) ts.fail("expected List<scalar> or List<vector>, found end of entry");
    const Token& type = ts.peek();
    if (type.isWord("List<scalar>") || type.isWord("List<vector>")) {
      ts.next();
      out.type = type.isWord("List<vector>") ? FieldValueType::Vector : FieldValueType::Scalar;
      const std::size_t sizePos = ts.position();
      const std::int64_t n = ts.acceptListSize();
      if (n >= 0 && ts.acceptPunct('{')) {
        // N{v} stays one value: N is checked when the field is expanded.
        out.uniform = true;
        out.repeatCount = static_cast<std::size_t>(n);
        if (out.isVector())
          out.vectors.push_back(ts.readVec3());
        else
          out.scalars.push_back(ts.readScalar());
        ts.expectPunct('}');
        return out;
      }
      ts.seek(sizePos);
      if (out.isVector())
        out.vectors = ts.readVec3List();
      else
        out.scalars = ts.readScalarList();
    } else if (type.isWord() && type.text.rfind("List<", 0) == 0) {
      ts.fail("unsupported field type '" + type.text + "' (only List<scalar> and List<vector>)");
    } else {
      ts.fail("expected List<scalar> or List<vector>, found " + ts.describeNext());
    }
    return out;
  }
  ts.fail("expected 'uniform' or 'nonuniform', found " + ts.describeNext());
}

FieldValue readFieldValue(const Dictionary& dict, std::string_view key) {
  TokenStream ts = dict.stream(key);
  FieldValue v = readFieldValue(ts);
  ts.expectEnd();
  return v;
}

void FieldValue::checkCount(std::size_t n) const {
  if (uniform && !repeatCount) return;
  const std::size_t given = repeatCount ? *repeatCount : size();
  if (given != n)
    throw InputError(origin + ": expected " + std::to_string(n) + " values, found " + std::to_string(given));
}

std::vector<Scalar> FieldValue::expandScalars(std::size_t n) const {
  if (isVector()) throw InputError(origin + ": expected a scalar field value, found a vector");
  checkCount(n);
  if (uniform) return std::vector<Scalar>(n, scalars.at(0));
  return scalars;
}

std::vector<Vec3> FieldValue::expandVectors(std::size_t n) const {
  if (!isVector()) throw InputError(origin + ": expected a vector field value, found a scalar");
  checkCount(n);
  if (uniform) return std::vector<Vec3>(n, vectors.at(0));
  return vectors;
}

}  // namespace sluice::io
