#pragma once
// Reference results of OpenFOAM v1912 icoFoam and simpleFoam for the lid-driven cavity
// (0.1 m square, 0.01 m thick, 12 x 12 cells, nu = 0.01, lid speed 1,
// deltaT = 0.005, PISO with 2 correctors, pRefCell 0, pRefValue 0; p by
// DIC-PCG and U by DILU-PBiCGStab to tolerance 1e-14, relTol 0), after five
// steps (t = 0.025), for six cells (blockMesh numbers cells as fvtest::boxMesh).
// The Courant numbers are the ones icoFoam printed at the start of the fifth step.
//
//   "orthogonal": Euler, Gauss linear, Gauss linear orthogonal (the tutorial's schemes)
//   "skewed":     the top edge shifted by 0.03 m in x (parallelogram cells, 16.7
//                 degrees non-orthogonal), backward, Gauss limitedLinearV 1,
//                 Gauss linear corrected
#include <string>
#include <vector>

#include "fv/cavity_solvers.hpp"

namespace sluice::fvtest {

inline Vec3 cavityMap(const Vec3& p) { return {0.1 * p.x, 0.1 * p.y, 0.01 * p.z}; }
inline Vec3 skewedCavityMap(const Vec3& p) { return {0.1 * (p.x + 0.3 * p.y), 0.1 * p.y, 0.01 * p.z}; }

struct PisoReference {
  struct Cell {
    Label cell;
    Vec3 U;
    double p;
  };
  std::string name;
  Vec3 (*map)(const Vec3&);
  PisoSettings settings;
  double courantMean, courantMax;
  std::vector<Cell> cells;
};

inline std::vector<PisoReference> pisoReferences() {
  PisoSettings orthogonal;
  orthogonal.tolerance = 1e-14;
  PisoSettings skewed = orthogonal;
  skewed.snGrad = fv::SnGradKind::corrected;
  skewed.div.kind = fv::DivKind::limitedLinearV;
  skewed.ddt.kind = fv::DdtKind::backward;
  return {
      {"orthogonal",
       cavityMap,
       orthogonal,
       0.104431749177442,
       0.413872661214511,
       {
           {0, {-0.000159171036639793, 0.000147894650153804, 0}, 8.15037814558586e-16},
           {17, {-0.0495811693738803, 0.00259674728142766, 0}, 0.0397814564010256},
           {70, {-0.0398663059047122, -0.100196707168923, 0}, 0.175310449399},
           {77, {-0.165576519122038, 0.0299152103977004, 0}, 0.00359731816685639},
           {131, {0.0138772714722262, -0.294818780147188, 0}, 1.63368377780176},
           {143, {0.308452448889823, -0.149473824823033, 0}, 2.83944310625572},
       }},
      {"skewed",
       skewedCavityMap,
       skewed,
       0.104731078521778,
       0.424402672379141,
       {
           {0, {0.0031509722069917, -0.00442595480613249, 0}, -2.70556266029665e-15},
           {17, {-0.0359099392413507, -0.00133597567888284, 0}, -0.317787003084535},
           {70, {-0.0708943039377034, -0.114228021294175, 0}, -0.0845260424753261},
           {77, {-0.137886521286886, 0.0229016404058643, 0}, 0.168313520491844},
           {131, {-0.00211133286168079, -0.291582697007565, 0}, 2.26442315495984},
           {143, {0.304034314985813, -0.104784288985429, 0}, 3.86344733877812},
       }},
  };
}

/// simpleFoam (laminar, Newtonian, nu = 0.01) on the skewed 12 x 12 cavity:
/// steadyState, bounded Gauss linearUpwind grad(U), Gauss linear for the
/// dev2 term, Gauss linear corrected, relaxation U 0.7 (equation) and p 0.3
/// (field), pRefCell 0, pRefValue 0, p by DIC-PCG and U by DILU-PBiCGStab to
/// 1e-14; five SIMPLE iterations.
struct SimpleReference {
  std::vector<PisoReference::Cell> cells;
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
