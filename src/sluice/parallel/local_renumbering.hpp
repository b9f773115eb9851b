#pragma once
// Bandwidth-reducing renumbering of one rank's owned cells after the mesh is
// distributed: Cuthill-McKee order of the rank's internal faces (reverse
// Cuthill-McKee turned round: the same band, better for the smoothers'
// Gauss-Seidel sweeps in parallel, see the .cpp). Global
// cell and face ids stay what they are (the case files' numbering), so
// output, restart and field files do not depend on it; only the rank's local
// order changes. Kept only when it narrows the band, as structured meshes are
// often in their best order already. Ghost cells and processor faces keep
// their places, so neighbour ranks need not know.
//
//   DistributedMesh d = ...;                              // owned cells in increasing global id
//   LocalRenumbering r = renumberOwnedCells(d);           // no communication
//   // r.renumbered: d.globalCellIds[c] is the global id of new local cell c
#include "sluice/core/types.hpp"
#include "sluice/parallel/distributed_mesh.hpp"

namespace sluice::parallel {

struct LocalRenumbering {
  Label bandwidthBefore = 0;
  Label bandwidthAfter = 0;  ///< equal to before when not renumbered
  bool renumbered = false;
};

/// Renumbers d's owned cells in place (faces, owners, halo send lists,
/// global ids) when that narrows the band of its internal faces.
LocalRenumbering renumberOwnedCells(DistributedMesh& d);

}  // namespace sluice::parallel
