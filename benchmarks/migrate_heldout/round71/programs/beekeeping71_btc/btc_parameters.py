# Hive Frame Classification
# Script for Hyper Parameters
# (held-out round 71, after the brain-tumour project's btc_parameters.py; the json file of volume counts
#  and the os.getcwd() paths became fixed names joined to the data folder by the trainer)

from beekeeping71_btc.btc_settings import *


tpath = "partial_train.tfrecord"
vpath = "partial_validate.tfrecord"

parameters = {
    # Basic settings
    "train_path": tpath,
    "validate_path": vpath,
    "train_num": 8,  # volumes_num["train"],
    "validate_num": 4,  # volumes_num["validate"],
    "classes_num": 3,
    "patch_shape": PATCH_SHAPE,
    "capacity": 12,
    "min_after_dequeue": 4,
    # Hyper-parameters
    "batch_size": 4,
    "num_epoches": 1,
    "activation": "relu",  # "lrelu",
    "alpha": 0.2  # for "lrelu"
}
