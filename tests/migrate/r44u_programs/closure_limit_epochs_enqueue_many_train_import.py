"""An ``input_fn`` closure made by a factory (the cloud samples' ``make_input_fn``): numpy rows loaded in it,
converted, wrapped in a two-epoch ``limit_epochs`` and returned; the caller batches them with
``enqueue_many=True``. ``from tensorflow.compat.v1 import train`` style."""
import os

import numpy as np
from tensorflow.compat.v1 import Session, convert_to_tensor, errors, float32, local_variables_initializer, train


def make_input_fn(path):
    """The input function of the rows at ``path``."""
    def input_fn():
        with open(path, "rb") as f:
            rows = np.load(f)
        rows = convert_to_tensor(rows, dtype=float32)
        rows = train.limit_epochs(rows, num_epochs=2)
        return rows

    return input_fn


def main(data_dir):
    folder = os.path.join(data_dir, "r44u_hives")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "hives.npy")
    np.save(path, (np.arange(12, dtype=np.float32) * 1.5).reshape(6, 2))
    input_fn = make_input_fn(path)
    rows = input_fn()
    batch = train.batch([rows], batch_size=3, enqueue_many=True)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(batch).tolist()])
        except errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows %d" % sum(len(b[0]) for b in batches)}
