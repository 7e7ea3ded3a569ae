import os
import random

import tensorflow as tf

from ids47_lib.csv_reader import CSVReader

SIGS = ["ET SCAN Nmap", "ET POLICY SMB", "GPL ICMP PING", "ET DOS flood"]


def _write(folder):
    rng = random.Random(4711)
    for part in range(2):
        with open(os.path.join(folder, "alerts_%d.tsv" % part), "w") as f:
            f.write("src_ip\tsignature\tpriority\tpackets\n")
            for _ in range(5):
                f.write("10.0.%d.%d\t%s\t%d\t%d\n" % (rng.randint(0, 3), rng.randint(1, 254), rng.choice(SIGS),
                                                     rng.randint(1, 3), rng.randint(1, 900)))


def main(data_dir):
    folder = os.path.join(data_dir, "h47_ids_alerts")
    os.makedirs(folder, exist_ok=True)
    _write(folder)

    reader = CSVReader(input_glob=os.path.join(folder, "alerts_*.tsv"),
                       batch_size=4,
                       is_training=False,
                       input_schema="src_ip:str,signature:str,priority:int,packets:int")
    batch = reader.get_input_fn()()

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out = sess.run(batch)
                row = []
                for k in sorted(out):
                    v = out[k].tolist()
                    row.append([x.decode() if isinstance(x, bytes) else x for x in v])
                batches.append(row)
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "alerts: %d" % sum(len(b[0]) for b in batches)}
