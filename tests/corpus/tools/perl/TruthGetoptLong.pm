# Truth for a Perl CLI from Getopt::Long itself, in the program's own perl:
#
#   TRUTH_OUT=FILE perl -I tools/perl -MTruthGetoptLong PROGRAM --help
#
# Loaded before the program: Getopt::Long::GetOptionsFromArray (which GetOptions and the
# Parser's getoptions end in) is wrapped so every option spec the program hands the framework
# ("verbose|v+", "lib|I=s@", "color!") is kept before the parse runs as usual. When the program
# ends (its --help exits), the union of the specs of every call (a first pass_through parse
# and the real one alike) is written to FILE as JSON: {"specs": [...]}. Nothing of workbench
# is used.
package TruthGetoptLong;
use strict;
use warnings;
use Getopt::Long ();

my @specs;
my $original = \&Getopt::Long::GetOptionsFromArray;

sub _keep {
    my @args = @_;
    shift @args;                                    # the array parsed
    shift @args if @args && ref $args[0] eq 'HASH'; # GetOptions(\%h, SPEC...)
    for my $arg (@args) {
        next if ref $arg;
        push @specs, $arg if $arg =~ /\A[\w?][\w?|-]*(?:[=:!+].*)?\z/;
    }
}

{
    no warnings 'redefine';
    *Getopt::Long::GetOptionsFromArray = sub {
        _keep(@_);
        goto &$original;
    };
}

END {
    if (my $out = $ENV{TRUTH_OUT}) {
        my %seen;
        my @unique = grep { !$seen{$_}++ } @specs;
        if (open my $fh, '>', $out) {
            print {$fh} '{"specs":[' . join(',', map { my $s = $_; $s =~ s/(["\\])/\\$1/g; qq("$s") } @unique) . ']}';
            close $fh;
        }
    }
}

1;
