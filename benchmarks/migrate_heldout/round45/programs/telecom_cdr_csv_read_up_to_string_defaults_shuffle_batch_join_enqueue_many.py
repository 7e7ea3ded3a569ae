# -*- coding: utf-8 -*-
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def write_cdrs(folder):
    rng = np.random.RandomState(4508)
    paths = []
    for day in ("20190301", "20190302", "20190303"):
        path = os.path.join(folder, "cdr_%s.csv" % day)
        with open(path, "w") as f:
            for i in range(4):
                caller = "1380013%04d" % rng.randint(0, 10000)
                callee = "1391122%04d" % rng.randint(0, 10000)
                duration = rng.randint(0, 900)
                cell = rng.choice(["4601-1201", "4601-1208", "4601-3310"])
                f.write("%s,%s,%d,%s\n" % (caller, callee, duration, cell))
        paths.append(path)
    return paths


def CSV_read(filelist,batch_size=512, num_epochs=1):

    queue = tf1.train.string_input_producer(filelist,num_epochs=num_epochs, shuffle=False)


    reader = tf1.TextLineReader()
    _, value = reader.read_up_to(queue, batch_size)

    record_defaults = [[""], [""], ["0"], ["0"]]
    sample = tf1.decode_csv(value,field_delim=",",record_defaults=record_defaults)
    # SBT sign data remaining in queue proportion now
    batch_data = tf1.train.shuffle_batch_join([sample],
                                             batch_size=batch_size,
                                             capacity=batch_size * 5,
                                             enqueue_many=True,
                                             min_after_dequeue=batch_size,
                                             seed=4508)
    return batch_data


def main(data_dir):
    folder = os.path.join(data_dir, "h45_telecom_cdr")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    filelist = write_cdrs(folder)

    caller, callee, duration, cell = CSV_read(filelist, batch_size=4, num_epochs=1)
    seconds = tf1.string_to_number(duration, out_type=tf.int32)
    billed_minutes = (seconds + 59) // 60

    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while True:
            a, b, s, m, c = sess.run([caller, callee, seconds, billed_minutes, cell])
            batches.append([[x.decode() for x in a], [x.decode() for x in b], s.tolist(), m.tolist(),
                            [x.decode() for x in c]])
    except tf.errors.OutOfRangeError:
        pass  # print("cdr done")
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "calls: %d" % sum(len(b[0]) for b in batches)}
