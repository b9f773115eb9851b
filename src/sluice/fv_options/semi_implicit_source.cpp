#include "sluice/fv_options/semi_implicit_source.hpp"

#include <fmt/format.h>

#include "sluice/core/error.hpp"
#include "sluice/field/field_io.hpp"
#include "sluice/fv/fvm_sources.hpp"
#include "sluice/fv_options/fv_options.hpp"
#include "sluice/io/token_stream.hpp"

namespace sluice::fv_options {

namespace {

const std::string kScalarType = "scalarSemiImplicitSource";
const std::string kVectorType = "vectorSemiImplicitSource";

std::vector<std::string> fieldNames(const FvOptionInput& in) {
  return in.coeffs.subDict("injectionRateSuSp").keys();
}

}  // namespace

template <field::FieldValueType T>
SemiImplicitSource<T>::SemiImplicitSource(const FvOptionInput& in) : FvOption(in, fieldNames(in)) {
  if (!in.coeffs.found("volumeMode")) in.coeffs.fail("missing 'volumeMode' (absolute or specific)");
  const std::string mode = in.coeffs.getChoice("volumeMode", {"absolute", "specific"});
  const Scalar volume = mode == "absolute" ? selection().volume : 1.0;
  if (!(volume > 0)) in.coeffs.fail("volumeMode absolute with no selected cells");
  const io::Dictionary& rates = in.coeffs.subDict("injectionRateSuSp");
  for (const std::string& field : fields()) {
    io::TokenStream ts = rates.stream(field);  // (Su Sp)
    ts.expectPunct('(');
    Rate r;
    r.su = field::readValue<T>(ts) / volume;
    r.sp = ts.readScalar() / volume;
    ts.expectPunct(')');
    ts.expectEnd();
    rates_.push_back(r);
  }
}

template <field::FieldValueType T>
const std::string& SemiImplicitSource<T>::type() const {
  return std::is_same_v<T, Scalar> ? kScalarType : kVectorType;
}

template <field::FieldValueType T>
void SemiImplicitSource<T>::addSup(fv::FvMatrix<T>& eqn) {
  const auto& names = fields();
  const auto it = std::find(names.begin(), names.end(), eqn.psi().name());
  if (it == names.end()) return;
  const Rate& r = rates_[it - names.begin()];
  const field::FvMesh& mesh = eqn.mesh();
  std::vector<T> su(mesh.nCells(), T{});
  std::vector<Scalar> sp(mesh.nCells(), 0.0);
  for (Label c : selection().cells) {
    su[c] = r.su;
    sp[c] = r.sp;
  }
  eqn += su;
  eqn += fv::fvm::SuSp(std::span<const Scalar>(sp), eqn.psi());
}

void registerSemiImplicitSources(FvOptionRegistry& registry) {
  registry.add(kScalarType, [](const FvOptionInput& in) -> std::unique_ptr<FvOption> {
    return std::make_unique<SemiImplicitSource<Scalar>>(in);
  });
  registry.add(kVectorType, [](const FvOptionInput& in) -> std::unique_ptr<FvOption> {
    return std::make_unique<SemiImplicitSource<Vec3>>(in);
  });
}

template class SemiImplicitSource<Scalar>;
template class SemiImplicitSource<Vec3>;

}  // namespace sluice::fv_options
