"""ParaView's common filters on a sluice VTK series (run with pvpython).

Usage: pvpython pvpython_filters.py SLUICE CAVITY_CASE WORK_DIR

Copies the example case CAVITY_CASE into WORK_DIR with endTime 0.1 and
writeInterval 0.05 (writes at 0, 0.06 and 0.1: runTime writes at the first
step past each interval, deltaT 0.02), runs `SLUICE run CASE --np 2`, then
opens VTK/cavity.pvd in ParaView and checks:
  - the series' times are exactly 0, 0.06, 0.1;
  - the blocks are internal, lid, walls (frontAndBack is empty: not
    written), each a multipiece data set of the ranks' pieces, every piece
    with the same cell arrays;
  - Cell Data to Point Data then Plot Over Line along x = 0.5 (this crashed
    ParaView 5.11 in vtkProbeLineFilter when the internal block had an array
    the boundary block lacked) samples U with the lid speed near the lid;
  - a z-normal Slice through the middle covers the unit square (area 1 by
    Integrate Variables), and Integrate Variables gives the domain volume on
    the series and the patch areas on its blocks extracted by name.
Exits 0 and prints "ok" when every check holds; 1 with the failed check.
"""

import math
import os
import re
import shutil
import subprocess
import sys

from paraview import servermanager
from paraview.simple import (CellDatatoPointData, ExtractBlock, IntegrateVariables, PlotOverLine, PVDReader, Slice)


def fail(message):
    print("pvpython_filters: " + message)
    sys.exit(1)


def prepare(sluice, source, work):
    case = os.path.join(work, "cavity")
    shutil.rmtree(case, ignore_errors=True)
    shutil.copytree(source, case, ignore=shutil.ignore_patterns("VTK", "postProcessing", "sluice-profile.json"))
    control = os.path.join(case, "system", "controlDict")
    with open(control) as f:
        text = f.read()
    text = re.sub(r"\nendTime\s+[^;]*;", "\nendTime 0.1;", text)
    text = re.sub(r"\nwriteInterval\s+[^;]*;", "\nwriteInterval 0.05;", text)
    with open(control, "w") as f:
        f.write(text)
    # pvpython starts as an MPI singleton: its MPI variables would make sluice
    # take itself for one rank of a launched job.
    env = {k: v for k, v in os.environ.items()
           if not (k.startswith(("OMPI_", "PMIX_")) and not k.startswith(("OMPI_ALLOW", "OMPI_MCA_rmaps")))}
    run = subprocess.run([sluice, "run", case, "--np", "2", "--quiet"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, universal_newlines=True, timeout=300, env=env)
    if run.returncode != 0:
        fail("sluice run failed (%d):\n%s" % (run.returncode, run.stdout))
    return os.path.join(case, "VTK", "cavity.pvd")


def fetch(proxy, time):
    proxy.UpdatePipeline(time)
    return servermanager.Fetch(proxy)


def leaves(data):
    """(name, dataset) of the leaves of a multiblock, depth first; the pieces
    of a multipiece block carry the block's name."""
    out = []
    if data.IsA("vtkMultiBlockDataSet"):
        for i in range(data.GetNumberOfBlocks()):
            name = data.GetMetaData(i).Get(data.NAME()) if data.HasMetaData(i) else ""
            block = data.GetBlock(i)
            if block is None:
                continue
            if block.IsA("vtkMultiBlockDataSet") or block.IsA("vtkMultiPieceDataSet"):
                for sub in leaves(block):
                    out.append((name or sub[0], sub[1]))
            else:
                out.append((name, block))
    elif data.IsA("vtkMultiPieceDataSet"):
        for i in range(data.GetNumberOfPieces()):
            if data.GetPiece(i) is not None:
                out.append(("", data.GetPiece(i)))
    else:
        out.append(("", data))
    return out


def integrated(proxy, time, name):
    table = fetch(IntegrateVariables(Input=proxy), time)
    array = table.GetCellData().GetArray(name)
    if array is None:
        fail("IntegrateVariables gives no %s" % name)
    return array.GetValue(0)


def main(argv):
    if len(argv) != 4:
        print(__doc__)
        return 2
    pvd = prepare(argv[1], argv[2], argv[3])
    reader = PVDReader(FileName=pvd)
    reader.UpdatePipelineInformation()
    times = list(reader.TimestepValues)
    if times != [0.0, 0.06, 0.1]:
        fail("times %s, expected exactly [0.0, 0.06, 0.1]" % times)
    t = times[-1]

    blocks = leaves(fetch(reader, t))
    names = [n for n, _ in blocks]
    if sorted(set(names), key=names.index) != ["internal", "lid", "walls"] or names.count("internal") != 2:
        fail("blocks %s, expected internal, lid, walls, the internal block in two pieces" % names)
    arrays = []
    for name, data in blocks:
        cd = data.GetCellData()
        arrays.append([(cd.GetArrayName(i), cd.GetArray(i).GetDataTypeAsString()) for i in range(cd.GetNumberOfArrays())])
    for (name, _), a in zip(blocks, arrays):
        if a != arrays[0]:
            fail("block %s has the cell arrays %s, internal %s" % (name, a, arrays[0]))
    internal_cells = sum(data.GetNumberOfCells() for name, data in blocks if name == "internal")
    if internal_cells != 129 * 129:
        fail("internal block has %d cells, expected 129 x 129" % internal_cells)

    points = CellDatatoPointData(Input=reader)
    line = PlotOverLine(Input=points)
    line.Point1 = [0.5, 0.0, 0.05]
    line.Point2 = [0.5, 1.0, 0.05]
    sampled = leaves(fetch(line, t))[0][1]
    U = sampled.GetPointData().GetArray("U")
    mask = sampled.GetPointData().GetArray("vtkValidPointMask")
    if U is None or mask is None or sampled.GetNumberOfPoints() < 20:
        fail("Plot Over Line sampled no U")
    valid = [i for i in range(sampled.GetNumberOfPoints()) if mask.GetValue(i)]
    if len(valid) < 0.9 * sampled.GetNumberOfPoints():
        fail("Plot Over Line: %d of %d points inside the mesh" % (len(valid), sampled.GetNumberOfPoints()))
    ux = [U.GetComponent(i, 0) for i in valid]
    ys = [sampled.GetPoint(i)[1] for i in valid]
    if not all(math.isfinite(u) for u in ux):
        fail("Plot Over Line: U not finite")
    top = max(range(len(ys)), key=lambda i: ys[i])
    if not (ys[top] > 0.99 and ux[top] > 0.9):
        fail("Plot Over Line: U_x %g at y %g, expected the lid speed near 1" % (ux[top], ys[top]))
    if min(ux) >= 0:
        fail("Plot Over Line: no return flow (U_x >= 0 everywhere)")

    cut = Slice(Input=reader)
    cut.SliceType = "Plane"
    cut.SliceType.Origin = [0.5, 0.5, 0.05]
    cut.SliceType.Normal = [0.0, 0.0, 1.0]
    area = integrated(cut, t, "Area")
    if abs(area - 1.0) > 1e-9:
        fail("the slice's area is %r, expected 1" % area)

    volume = integrated(reader, t, "Volume")
    if abs(volume - 0.1) > 1e-9:
        fail("volume %r, expected 0.1" % volume)
    # The patch blocks by name (IntegrateVariables of the whole series only
    # integrates its 3D cells).
    patches = ExtractBlock(Input=reader)
    patches.Selectors = ["/Root/lid", "/Root/walls"]
    boundary = integrated(patches, t, "Area")
    if abs(boundary - 0.4) > 1e-9:  # lid 0.1 + three walls 0.3
        fail("boundary area %r, expected 0.4" % boundary)
    lid = ExtractBlock(Input=reader)
    lid.Selectors = ["/Root/lid"]
    if abs(integrated(lid, t, "Area") - 0.1) > 1e-9:
        fail("the lid block's area is not 0.1")
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
