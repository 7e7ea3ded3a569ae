from med30_lib.data_manager import DataManagerNii
from med30_lib.feeder import VolumeSliceFeeder
