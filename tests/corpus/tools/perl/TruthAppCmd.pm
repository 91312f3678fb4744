# Truth for a Perl CLI built on App::Cmd, from the program's own App::Cmd objects, in its perl:
#
#   TRUTH_OUT=FILE perl -I tools/perl -MTruthAppCmd PROGRAM --help
#
# Loaded before the program: App::Cmd::run is wrapped so that, when the program runs its
# application (its command plugins found and registered by `new`), the application is read
# before any argv is: `global_opt_spec` (the options before a command) and, for each of
# `command_plugins`, its `command_names` (the first its name, the rest aliases) and the
# Getopt::Long::Descriptive specs of its `opt_spec` (a `one_of`'s alternatives each a spec of
# their own, hidden ones, `hidden => 1` or the description "hidden", and separators left out).
# The version command App::Cmd adds is hidden unless the application shows it
# (`show_version_cmd`), as App::Cmd's own `commands` listing does. Written to FILE as JSON:
# {"global": [SPEC…], "commands": {NAME: {"aliases": [...], "specs": [SPEC…]}}}; the program
# then exits. Nothing of workbench is used.
package TruthAppCmd;
use strict;
use warnings;
use App::Cmd ();
use JSON::PP ();

sub _specs {
    my @specs;
    for my $entry (@_) {
        next unless ref $entry eq 'ARRAY' && defined $entry->[0] && length $entry->[0];
        my $extra = $entry->[2];
        if (ref $extra eq 'HASH' && ref $extra->{one_of} eq 'ARRAY') {
            push @specs, _specs(@{ $extra->{one_of} });
            next;
        }
        # hidden: `hidden => 1`, or the description "hidden" (Getopt::Long::Descriptive's own)
        next if ref $extra eq 'HASH' && $extra->{hidden};
        next if defined $entry->[1] && !ref $entry->[1] && $entry->[1] eq 'hidden';
        push @specs, $entry->[0];
    }
    return @specs;
}

{
    no warnings 'redefine';
    my $original = \&App::Cmd::run;
    *App::Cmd::run = sub {
        my ($self) = @_;
        my $out = $ENV{TRUTH_OUT} or goto &$original;
        $self = $self->new unless ref $self;
        my %commands;
        for my $plugin ($self->command_plugins) {
            my @names = $plugin->command_names;
            # App::Cmd lists its version command only when asked (`show_version_cmd`)
            next if $names[0] eq 'version' && !$self->{show_version};
            $commands{ $names[0] } = {
                aliases => [ @names[ 1 .. $#names ] ],
                specs   => [ _specs($plugin->opt_spec($self)) ],
            };
        }
        my $truth = { global => [ _specs($self->global_opt_spec) ], commands => \%commands };
        open my $fh, '>', $out or die "$out: $!";
        print {$fh} JSON::PP->new->canonical->encode($truth);
        close $fh;
        exit 0;
    };
}

1;
