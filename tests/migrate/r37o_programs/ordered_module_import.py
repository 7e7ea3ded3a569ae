"""The same reader class through its module (``reader_mod.ShardReader``): one reader, a FIFO common queue."""
import os

from tensorflow.compat.v1 import Session, errors, local_variables_initializer, train

from r37o_lib import dataset as dataset_mod
from r37o_lib import reader as reader_mod


def main(data_dir):
    folder = os.path.join(data_dir, 'r37o_ordered')
    dataset_mod.write_shards(folder, seed=11)
    shards = dataset_mod.Shards(folder)
    source = reader_mod.ShardReader(shards, {}, False, num_readers=1, capacity=8, num_epochs=2)
    pixels, label = source.single_example(scale=2.0)
    pixel_batch, label_batch = train.batch([pixels, label], batch_size=3)

    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, l = sess.run([pixel_batch, label_batch])
                batches.append([p.tolist(), l.tolist()])
        except errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows %d" % sum(len(b[1]) for b in batches)}
