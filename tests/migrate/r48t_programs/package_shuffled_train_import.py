"""The package's slim-style reader by name, ``shuffle=True`` with two readers and dtypes given as a literal list
(the RandomShuffleQueue's arm); ``from tensorflow.compat.v1 import train`` style; compared as a multiset."""
import os

from tensorflow.compat.v1 import FixedLenFeature, Session, errors, int64, local_variables_initializer
from tensorflow.compat.v1 import parse_single_example, string, train

from r48t_lib.parallel_reader import parallel_read, write_shards


def main(data_dir):
    folder = os.path.join(data_dir, "r48t_shuffled")
    os.makedirs(folder, exist_ok=True)
    key, data = parallel_read(write_shards(folder), num_epochs=1, num_readers=2, shuffle=True,
                              dtypes=[string, string], capacity=16, min_after_dequeue=4)
    example = parse_single_example(data, {"sale/id": FixedLenFeature([], int64)})
    ids = train.batch([example["sale/id"]], batch_size=3)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(ids).tolist()])
        except errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
