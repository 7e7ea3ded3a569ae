# folder and file definitions shared by the borehole scripts
import os

trainingDataDir = "boreholes"
nc_suffix = ".npz"
logsDir = "logs"
varnames = ["T_ground", "depth"]
