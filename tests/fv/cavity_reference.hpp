#pragma once
// Reference results of OpenFOAM v1912 simpleFoam for the lid-driven cavity
// (0.1 m square, 0.01 m thick, 12 x 12 cells, nu = 0.01, lid speed 1,
// pRefCell 0, pRefValue 0; p by DIC-PCG and U by DILU-PBiCGStab to
// tolerance 1e-14, relTol 0) for six cells (blockMesh numbers cells as
// fvtest::boxMesh); skewed: the top edge shifted by 0.03 m in x
// (parallelogram cells, 16.7 degrees non-orthogonal). The icoFoam
// references of the same cavity are in tests/solvers/mpi.
#include <string>
#include <vector>

#include "fv/cavity_solvers.hpp"

namespace sluice::fvtest {

inline Vec3 cavityMap(const Vec3& p) { return {0.1 * p.x, 0.1 * p.y, 0.01 * p.z}; }
inline Vec3 skewedCavityMap(const Vec3& p) { return {0.1 * (p.x + 0.3 * p.y), 0.1 * p.y, 0.01 * p.z}; }

struct ReferenceCell {
  Label cell;
  Vec3 U;
  double p;
};

/// simpleFoam (laminar, Newtonian, nu = 0.01) on the skewed 12 x 12 cavity:
/// steadyState, bounded Gauss linearUpwind grad(U), Gauss linear for the
/// dev2 term, Gauss linear corrected, relaxation U 0.7 (equation) and p 0.3
/// (field), pRefCell 0, pRefValue 0, p by DIC-PCG and U by DILU-PBiCGStab to
/// 1e-14; five SIMPLE iterations.
struct SimpleReference {
  std::vector<ReferenceCell> cells;
};

inline SimpleReference simpleReference() {
  return {{
      {0, {0.00085452956698547, -0.00117144352694967, 0}, 3.39630030410585e-16},
      {17, {-0.0349988717239007, 0.00345852583236236, 0}, -0.0194724995858305},
      {70, {-0.0835776698682949, -0.111017747694544, 0}, 0.0693454759446},
      {77, {-0.146033649790703, 0.0311668580952124, 0}, -0.0546057117729493},
      {131, {-0.0206898017639866, -0.244626275359881, 0}, 2.09256951118187},
      {143, {0.291074362240838, -0.0770633920355187, 0}, 3.74380505753008},
  }};
}

}  // namespace sluice::fvtest
