from est30_lib.flags import HPARAMS
from est30_lib.inputs import input_fn
