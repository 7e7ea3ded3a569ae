"""PTB language-model input: ptb_producer's range_input_producer + strided_slice, run for one epoch_size."""
import os

import tensorflow.compat.v1 as tf

from ptb29_lib import reader
from ptb29_lib.model import PTBInput, PTBModel, SmallConfig

TEXT = ("the cat sat on the mat\n"
        "the dog sat on the log\n"
        "a cat and a dog met on the mat\n")


def run_epoch(session, model):
    batches = []
    for step in range(model.input.epoch_size):
        x, y, s = session.run([model.input.input_data, model.input.targets, model.token_sum])
        batches.append({'x': x.tolist(), 'y': y.tolist(), 'sum': [round(float(v), 3) for v in s]})
    return batches


def main(data_dir):
    data_path = os.path.join(data_dir, 'h29_ptb_producer_range_strided_slice_package')
    os.makedirs(data_path, exist_ok=True)
    for name in ('ptb.train.txt', 'ptb.valid.txt'):
        with open(os.path.join(data_path, name), 'w') as f:
            f.write(TEXT)
    train_data, valid_data, _ = reader.ptb_raw_data(data_path)

    config = SmallConfig()
    with tf.name_scope("Train"):
        train_input = PTBInput(config=config, data=train_data, name="TrainInput")
        with tf.variable_scope("Model", reuse=None):
            m = PTBModel(is_training=True, config=config, input_=train_input)

    sv = tf.train.Supervisor(logdir=None, saver=None, summary_op=None)
    with sv.managed_session() as session:
        batches = run_epoch(session, m)
        sv.request_stop()
    return {'batches': batches, 'end': 'epoch of %d steps' % train_input.epoch_size}
