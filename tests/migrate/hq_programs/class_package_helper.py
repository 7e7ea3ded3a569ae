"""A class whose method loops over its files, each with its own `string_input_producer` (an inline reader
constructor in another module's helper returning a dict, called as `port_reader.parse_port(q)`), into
`batch_join`; `self` read in the loop body; `import tensorflow as tf` with `tf.compat.v1` spelled out; a
multiset."""

import os

import tensorflow as tf

from hq_lib import port_reader


class Ports(object):
    def __init__(self, files, batch_size):
        self.files = files
        self.batch_size = batch_size

    def batches(self):
        example_list = []
        for name in self.files:
            fq = tf.compat.v1.train.string_input_producer([name], shuffle=False, num_epochs=1)
            example_list.append(port_reader.parse_port(fq))
        return tf.compat.v1.train.batch_join(example_list, self.batch_size, capacity=16)


def main(data_dir):
    files = []
    for k, port in enumerate(["oslo", "kiel", "riga"]):
        path = os.path.join(data_dir, "hq_class_%s.csv" % port)
        with open(path, "w") as f:
            f.write("".join("%s%d,%d\n" % (port, j, 60 * k + j) for j in range(4)))
        files.append(path)
    batch = Ports(files, 2).batches()
    out = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            c, m = sess.run([batch["code"], batch["minutes"]])
            out.append([[a.decode() for a in c], m.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "rows %d" % sum(len(b[0]) for b in out)}
