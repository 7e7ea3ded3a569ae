"""Ferry sailings: one CSV per departure port, each with its own filename queue and reader;
the per-port examples are joined by tf.train.batch_join (one enqueue thread per port)."""
import argparse
import os
import random

import tensorflow as tf

PORTS = ["dover", "calais", "holyhead"]


def get_args(argv=None):
    parser = argparse.ArgumentParser(description="ferry delay model")
    parser.add_argument("--data_dir", default="/tmp/ferry")
    parser.add_argument("--batch_size", type=int, default=4)
    parser.add_argument("--num_epochs", type=int, default=1)
    parser.add_argument("--capacity", type=int, default=24)
    args, _ = parser.parse_known_args(argv if argv is not None else [])
    return args


def write_ports(data_dir):
    if not os.path.exists(data_dir):
        os.makedirs(data_dir)
    rng = random.Random(4810)
    files = []
    for p, port in enumerate(PORTS):
        path = os.path.join(data_dir, "%s.csv" % port)
        with open(path, "w") as f:
            for i in range(4):
                hh, mm = rng.randint(5, 22), rng.choice([0, 15, 30, 45])
                f.write("%s-%d,%02d:%02d,%d,%.1f\n" % (port[:3].upper(), i, hh, mm, rng.randint(40, 900),
                                                      rng.uniform(0.0, 35.0)))
        files.append(path)
    return files


def read_port(filename_queue):
    reader = tf.compat.v1.TextLineReader()
    _, value = reader.read(filename_queue)
    sailing, depart, passengers, delay = tf.io.decode_csv(value, record_defaults=[[""], [""], [0], [0.0]])
    hh_mm = tf.strings.split([depart], ":").values
    minutes = tf.strings.to_number(hh_mm[0], tf.int32) * 60 + tf.strings.to_number(hh_mm[1], tf.int32)
    return [sailing, minutes, passengers, delay]


def inputs(args, port_files):
    example_list = []
    for f in port_files:
        q = tf.compat.v1.train.string_input_producer([f], num_epochs=args.num_epochs, shuffle=False)
        example_list.append(read_port(q))
    return tf.compat.v1.train.batch_join(example_list, batch_size=args.batch_size, capacity=args.capacity)


def main(data_dir):
    args = get_args(["--data_dir", os.path.join(data_dir, "h48_ferry_sailings")])
    port_files = write_ports(args.data_dir)
    sailing_b, minutes_b, pax_b, delay_b = inputs(args, port_files)

    init_op = tf.group(tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer())
    sess = tf.compat.v1.Session()
    sess.run(init_op)
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        while not coord.should_stop():
            s, m, p, d = sess.run([sailing_b, minutes_b, pax_b, delay_b])
            batches.append([[x.decode() for x in s], m.tolist(), p.tolist(), [round(float(x), 2) for x in d]])
    except tf.errors.OutOfRangeError:
        print("Done sailings -- epoch limit reached")
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "sailings: %d" % sum(len(b[0]) for b in batches)}
