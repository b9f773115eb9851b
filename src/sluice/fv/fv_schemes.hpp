#pragma once
// Discretisation schemes of a case, read from system/fvSchemes: one section
// per operator (ddtSchemes, gradSchemes, divSchemes, laplacianSchemes,
// interpolationSchemes, snGradSchemes), each mapping a term name
// ("div(phi,U)", "laplacian(nu,U)", "grad(p)") to a scheme, with a `default`
// entry as fallback. `default none;` means every term used must be listed.
//
//   io::Dictionary dict = io::Dictionary::readFile(caseDir / "system/fvSchemes", "system/fvSchemes");
//   fv::FvSchemes schemes = fv::FvSchemes::read(dict);     // sections must exist
//   fv::DivScheme d = schemes.div("div(phi,U)");            // InputError if unsupported or missing
//   if (d.kind == fv::DivKind::linearUpwind) fv::GradScheme g = schemes.grad(d.gradTerm);
//
// Every entry is parsed when read, but an unsupported scheme is reported only
// when its term is looked up (so a tutorial's fvSchemes that lists terms a
// solver never uses still reads), with the entry's position:
//   "system/fvSchemes:23:21: divSchemes/div(phi,U): unknown scheme 'Gauss linearr'; supported: ..."
// A term with no entry and `default none`:
//   "system/fvSchemes: divSchemes: no scheme for 'div(phi,U)' (default is none)"
//
// Supported schemes (the optional `bounded` prefix of ddt and div schemes is
// accepted; for div schemes the convection operators then subtract
// div(phi) v, as OpenFOAM's bounded Gauss; for ddt it is only recorded):
//   ddt:           Euler | backward | steadyState
//   grad:          Gauss linear | leastSquares | cellLimited <grad> <coeff in [0,1]>
//   div:           Gauss linear | upwind | linearUpwind <grad term> | limitedLinear <k> |
//                  limitedLinearV <k> | vanLeer               (k in [0,1])
//   laplacian:     Gauss linear <snGrad>
//   snGrad:        corrected | uncorrected | orthogonal | limited <psi> | limited corrected <psi>
//   interpolation: linear
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sluice/core/types.hpp"
#include "sluice/io/dictionary.hpp"

namespace sluice::fv {

enum class DdtKind { Euler, backward, steadyState };

struct DdtScheme {
  DdtKind kind = DdtKind::Euler;
  bool bounded = false;
  std::string text;  ///< as written, e.g. "Euler"
};

enum class GradKind { GaussLinear, leastSquares };

struct GradScheme {
  GradKind kind = GradKind::GaussLinear;
  /// cellLimited: face extrapolations of the gradient stay within the
  /// neighbour cells' range, widened by (1/limitCoeff - 1) of it.
  bool cellLimited = false;
  Scalar limitCoeff = 1;  ///< 1: strict bounds, 0: no limiting
  std::string text;
};

enum class DivKind { linear, upwind, linearUpwind, limitedLinear, limitedLinearV, vanLeer };

struct DivScheme {
  DivKind kind = DivKind::linear;
  bool bounded = false;
  Scalar coeff = 1;       ///< limitedLinear(V): the k coefficient in [0,1]
  std::string gradTerm;   ///< linearUpwind: gradSchemes entry for the upwind gradient (e.g. "grad(U)")
  std::string text;
};

enum class SnGradKind {
  corrected,    ///< nonOrthDeltaCoeffs * (phi_N - phi_P) + explicit non-orthogonal correction
  uncorrected,  ///< nonOrthDeltaCoeffs * (phi_N - phi_P)
  orthogonal,   ///< deltaCoeffs (1/|d|) * (phi_N - phi_P)
  limited,      ///< corrected, with the correction limited to limitCoeff/(1-limitCoeff) of the orthogonal part
};

struct SnGradScheme {
  SnGradKind kind = SnGradKind::corrected;
  Scalar limitCoeff = 1;  ///< limited: psi in [0,1] (0 = uncorrected, 1 = corrected)
  std::string text;
  bool hasCorrection() const {
    return kind == SnGradKind::corrected || (kind == SnGradKind::limited && limitCoeff > 0);
  }
};

struct LaplacianScheme {
  SnGradScheme snGrad;  ///< the diffusivity is interpolated linearly
  std::string text;
};

enum class InterpolationKind { linear };

struct InterpolationScheme {
  InterpolationKind kind = InterpolationKind::linear;
  std::string text;
};

class FvSchemes {
 public:
  /// Every section (except snGrad and interpolation, which default to
  /// `corrected` and `linear` when absent) must be present: missing
  /// sections throw the dictionary's "missing 'ddtSchemes'" error.
  static FvSchemes read(const io::Dictionary& fvSchemes);

  DdtScheme ddt(std::string_view term) const;
  GradScheme grad(std::string_view term) const;
  DivScheme div(std::string_view term) const;
  LaplacianScheme laplacian(std::string_view term) const;
  SnGradScheme snGrad(std::string_view term) const;
  InterpolationScheme interpolation(std::string_view term) const;

 private:
  template <class S>
  struct Section {
    io::Dictionary dict;
    bool present = false;
    /// Per entry of dict.entries(): the parsed scheme or the error message.
    std::vector<std::variant<S, std::string>> parsed;
    bool defaultNone = false;
    const S& lookup(std::string_view term, const std::string& sectionName) const;
  };
  template <class S>
  static Section<S> readSection(const io::Dictionary& parent, const std::string& name, bool required);

  Section<DdtScheme> ddt_;
  Section<GradScheme> grad_;
  Section<DivScheme> div_;
  Section<LaplacianScheme> laplacian_;
  Section<SnGradScheme> snGrad_;
  Section<InterpolationScheme> interpolation_;
};

}  // namespace sluice::fv
