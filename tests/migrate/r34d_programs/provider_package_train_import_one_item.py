"""The package's provider with shuffle off (a FIFO common queue, one reader), one item got, two callers each
making their own provider; the program imports no ``tensorflow.compat.v1`` alias (``from tensorflow.compat.v1
import train``), the provider's module does."""
import os

from tensorflow.compat.v1 import Session, local_variables_initializer, train

from r34d_lib import provider as providers
from r34d_lib import records


def labels_of(files, batch_size):
    provider = providers.DataProvider(files, {"label": lambda e: e["image/class/label"]}, shuffle=False,
                                      num_epochs=1, common_queue_capacity=4, common_queue_min=1)
    [label] = provider.get(["label"])
    return train.batch([label * 10], batch_size=batch_size)


def names_of(files, batch_size):
    provider = providers.DataProvider(files, {"name": lambda e: e["image/class/text"]}, shuffle=False, num_epochs=1)
    names = provider.get(["name"])
    return train.batch(names, batch_size=batch_size)


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "r34d_train_import"))
    labels = labels_of(files, 3)
    names = names_of(files, 4)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess, coord)
        try:
            for _ in range(3):
                lb, nm = sess.run([labels, names])
                batches.append([lb.tolist(), [n.decode() for n in nm]])
            end = "three steps"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
